import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Stage } from '@ruthless/game';
import { OPERATOR, type ChatMessage, type MutedPlayer } from '@ruthless/protocol';
import { queryRows, type Db } from '../db/database';
import { chatMessages, chatMutes, chatSequences, games, playerProfiles, tickets } from '../db/schema';

interface InsertedRow {
  id: string;
  game_id: string;
  seq: number;
  player_id: string;
  text: string;
  from_host: boolean;
  created_at: string | Date;
}

export interface ChatGame {
  id: string;
  roomId: string;
  stage: Stage;
}

/** The SQL of chat: messages, their per-game numbering, mutes, and the alias reset. */
export class ChatRepository {
  constructor(private readonly db: Db) {}

  async findGame(gameId: string): Promise<ChatGame | undefined> {
    const [row] = await this.db
      .select({ id: games.id, roomId: games.roomId, stage: games.stage })
      .from(games)
      .where(eq(games.id, gameId));
    return row;
  }

  /**
   * Everything a send is checked against, in one query (chat runs during the draw, so every
   * round trip it saves is one the ball calls do not queue behind).
   */
  async senderContext(gameId: string, playerId: string) {
    // Drizzle writes columns unqualified inside sql``: each subquery compares with parameters only.
    const [row] = await this.db
      .select({
        id: games.id,
        roomId: games.roomId,
        stage: games.stage,
        holdsTicket: sql<boolean>`exists (select 1 from ${tickets} where ${tickets.gameId} = ${gameId} and ${tickets.playerId} = ${playerId} and ${tickets.releasedAt} is null)`,
        registered: sql<boolean>`exists (select 1 from ${playerProfiles} where ${playerProfiles.userId} = ${playerId} and ${playerProfiles.operator} = ${OPERATOR})`,
        alias: sql<
          string | null
        >`(select ${playerProfiles.alias} from ${playerProfiles} where ${playerProfiles.userId} = ${playerId} and ${playerProfiles.operator} = ${OPERATOR})`,
        muted: sql<boolean>`exists (select 1 from ${chatMutes} where ${chatMutes.gameId} = ${gameId} and ${chatMutes.playerId} = ${playerId})`,
      })
      .from(games)
      .where(eq(games.id, gameId));
    return row;
  }

  /** The player's chat name with the operator; undefined when not registered, null when unset. */
  async aliasOf(playerId: string): Promise<string | null | undefined> {
    const [row] = await this.db
      .select({ alias: playerProfiles.alias })
      .from(playerProfiles)
      .where(and(eq(playerProfiles.userId, playerId), eq(playerProfiles.operator, OPERATOR)));
    return row ? row.alias : undefined;
  }

  /**
   * Stores a message under the game's next chat seq, numbered and stored in one statement: the
   * counter row's lock numbers messages from every process, and no transaction holds a pooled
   * connection between round trips while the draw needs one.
   */
  async insert(gameId: string, playerId: string, text: string, fromHost: boolean) {
    const [row] = await queryRows<InsertedRow>(
      this.db,
      sql`
      with next as (
        insert into ${chatSequences} (game_id, seq) values (${gameId}, 1)
        on conflict (game_id) do update set seq = ${chatSequences}.seq + 1
        returning seq
      )
      insert into ${chatMessages} (game_id, seq, player_id, text, from_host)
      select ${gameId}, next.seq, ${playerId}, ${text}, ${fromHost} from next
      returning id, game_id, seq, player_id, text, from_host, created_at`,
    );
    if (!row) throw new Error('chat insert returned no row');
    return {
      id: row.id,
      gameId: row.game_id,
      seq: Number(row.seq),
      playerId: row.player_id,
      text: row.text,
      fromHost: row.from_host,
      createdAt: new Date(row.created_at),
    };
  }

  /** The latest `limit` messages not deleted, in seq order, each with its author's current alias. */
  async recent(gameId: string, limit: number): Promise<ChatMessage[]> {
    const rows = await this.db
      .select({
        seq: chatMessages.seq,
        messageUuid: chatMessages.id,
        gameUuid: chatMessages.gameId,
        playerUuid: chatMessages.playerId,
        alias: playerProfiles.alias,
        text: chatMessages.text,
        sentAt: chatMessages.createdAt,
        fromHost: chatMessages.fromHost,
      })
      .from(chatMessages)
      .leftJoin(
        playerProfiles,
        and(eq(playerProfiles.userId, chatMessages.playerId), eq(playerProfiles.operator, OPERATOR)),
      )
      .where(and(eq(chatMessages.gameId, gameId), isNull(chatMessages.deletedAt)))
      .orderBy(desc(chatMessages.seq))
      .limit(limit);
    return rows.reverse().map((row) => ({
      ...row,
      alias: row.alias ?? (row.fromHost ? 'Host' : 'Player'),
      sentAt: row.sentAt.toISOString(),
    }));
  }

  /** Marks a message deleted; false when the game has no such message (or it is already gone). */
  async delete(gameId: string, messageId: string, hostId: string): Promise<boolean> {
    const rows = await this.db
      .update(chatMessages)
      .set({ deletedAt: sql`now()`, deletedBy: hostId })
      .where(
        and(eq(chatMessages.gameId, gameId), eq(chatMessages.id, messageId), isNull(chatMessages.deletedAt)),
      )
      .returning({ id: chatMessages.id });
    return rows.length > 0;
  }

  async messageExists(gameId: string, messageId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.gameId, gameId), eq(chatMessages.id, messageId)));
    return row !== undefined;
  }

  async mute(gameId: string, playerId: string, hostId: string): Promise<void> {
    await this.db.insert(chatMutes).values({ gameId, playerId, mutedBy: hostId }).onConflictDoNothing();
  }

  async unmute(gameId: string, playerId: string): Promise<void> {
    await this.db
      .delete(chatMutes)
      .where(and(eq(chatMutes.gameId, gameId), eq(chatMutes.playerId, playerId)));
  }

  /** The game's muted players with their chat names, oldest mute first. */
  async mutedPlayers(gameId: string): Promise<MutedPlayer[]> {
    const rows = await this.db
      .select({ playerUuid: chatMutes.playerId, alias: playerProfiles.alias, mutedAt: chatMutes.createdAt })
      .from(chatMutes)
      .leftJoin(
        playerProfiles,
        and(eq(playerProfiles.userId, chatMutes.playerId), eq(playerProfiles.operator, OPERATOR)),
      )
      .where(eq(chatMutes.gameId, gameId))
      .orderBy(chatMutes.createdAt, chatMutes.playerId);
    return rows.map((row) => ({
      playerUuid: row.playerUuid,
      alias: row.alias ?? 'Player',
      mutedAt: row.mutedAt.toISOString(),
    }));
  }

  /** Clears the alias, so the mandatory details form asks for a new one; false if no such player. */
  async resetAlias(playerId: string): Promise<boolean> {
    const rows = await this.db
      .update(playerProfiles)
      .set({ alias: null, aliasSkeleton: null, updatedAt: sql`now()` })
      .where(and(eq(playerProfiles.userId, playerId), eq(playerProfiles.operator, OPERATOR)))
      .returning({ userId: playerProfiles.userId });
    return rows.length > 0;
  }
}
