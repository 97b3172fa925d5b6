import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Stage } from '@ruthless/game';
import { OPERATOR, type ChatMessage, type MutedPlayer } from '@ruthless/protocol';
import { queryRows, type Db } from '../db/database';
import {
  chatMessages,
  chatMutes,
  chatSent,
  chatSequences,
  games,
  playerProfiles,
  tickets,
} from '../db/schema';

interface InsertedRow {
  id: string;
  game_id: string;
  seq: number;
  player_id: string;
  text: string;
  from_host: boolean;
  created_at: string | Date;
}

interface UnsentRow {
  last_seq: number | string;
  held: boolean;
  seq: number | string | null;
  id: string | null;
  player_id: string | null;
  alias: string | null;
  text: string | null;
  from_host: boolean | null;
  created_at: string | Date | null;
}

/** A game's messages stored since its runner's last batch (ChatRepository.unsent). */
export interface UnsentChat {
  /** The game's last seq handed out: every message up to it is stored (or was refused). */
  lastSeq: number;
  /** Not deleted, hosts' first, then the newest. */
  messages: ChatMessage[];
}

/** The name a message shows: its author's alias now ('Host' / 'Player' when they have none). */
const shownAlias = (alias: string | null, fromHost: boolean) => alias ?? (fromHost ? 'Host' : 'Player');

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
      alias: shownAlias(row.alias, row.fromHost),
      sentAt: row.sentAt.toISOString(),
    }));
  }

  /**
   * The messages stored after seq `after` and not deleted, for the game's next batch: at most
   * `limit`, the hosts' first, then the newest (a flood beyond it is sampled from its newest).
   * One statement, so one snapshot: the game's last seq read with them covers every message up to
   * it (a message is numbered and stored in one statement, so they commit in seq order). With
   * `runnerId` it is fenced: undefined unless that runner holds the game's lease, so a runner that
   * stalled past its lease sends nothing its successor sends.
   */
  async unsent(
    gameId: string,
    after: number,
    limit: number,
    runnerId?: string,
  ): Promise<UnsentChat | undefined> {
    const held = runnerId
      ? sql`exists (select 1 from ${games} g where g.id = ${gameId} and g.runner_id = ${runnerId} and g.lease_until > clock_timestamp())`
      : sql`true`;
    const rows = await queryRows<UnsentRow>(
      this.db,
      sql`
      with top as (
        select coalesce((select s.seq from ${chatSequences} s where s.game_id = ${gameId}), 0) as last_seq,
               ${held} as held
      )
      select top.last_seq, top.held, m.seq, m.id, m.player_id, m.alias, m.text, m.from_host, m.created_at
      from top left join lateral (
        select c.seq, c.id, c.player_id, p.alias, c.text, c.from_host, c.created_at
        from ${chatMessages} c
        left join ${playerProfiles} p on p.user_id = c.player_id and p.operator = ${OPERATOR}
        where top.held and c.game_id = ${gameId} and c.seq > ${after} and c.seq <= top.last_seq
          and c.deleted_at is null
        order by c.from_host desc, c.seq desc
        limit ${limit}
      ) m on true`,
    );
    const [first] = rows;
    if (!first?.held) return undefined;
    const messages = rows.flatMap((row): ChatMessage[] =>
      row.id === null
        ? []
        : [
            {
              seq: Number(row.seq),
              messageUuid: row.id,
              gameUuid: gameId,
              playerUuid: row.player_id!,
              alias: shownAlias(row.alias, row.from_host!),
              text: row.text!,
              sentAt: new Date(row.created_at!).toISOString(),
              fromHost: row.from_host!,
            },
          ],
    );
    return { lastSeq: Number(first.last_seq), messages };
  }

  /** The last seq the game's runner sent (0 before its first batch). */
  async sentUpTo(gameId: string): Promise<number> {
    const [row] = await this.db
      .select({ seq: chatSent.seq })
      .from(chatSent)
      .where(eq(chatSent.gameId, gameId));
    return row?.seq ?? 0;
  }

  /** Records that the game's messages up to `seq` were sent (never moves back). */
  async markSent(gameId: string, seq: number): Promise<void> {
    await this.db
      .insert(chatSent)
      .values({ gameId, seq })
      .onConflictDoUpdate({
        target: chatSent.gameId,
        set: { seq: sql`greatest(${chatSent}.seq, excluded.seq)` },
      });
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
