import type { FastifyInstance } from 'fastify';
import {
  choiceBodySchema,
  joinGameRequestSchema,
  luckyFatePickBodySchema,
  type ActResult,
  type JoinGameResult,
} from '@ruthless/protocol';
import type { LuckyFatePick } from '@ruthless/game';
import { z } from 'zod';
import type { Player } from '../auth/identity';
import type { ChatService } from '../chat/chat.service';
import { DomainError, refusalFrom } from '../errors';
import { gameIdsWatched, gamesWatched, viewerRooms, watchesGame } from '../realtime/phones';
import { playerRefusal, socketPlayer, type SocketIdentity } from '../realtime/socket-identity';
import type { RealtimeServer, RealtimeSocket } from '../realtime/socket-server';
import type { SafetyService } from '../safety/safety.service';
import type { LiveActions } from './live-actions.service';
import type { LiveGames } from './live-games.service';

/** Games one socket may watch at once (the app watches one; a flood of joins is refused). */
export const MAX_GAMES_PER_SOCKET = 4;
const gameIdSchema = z.uuid();

const refused = (error: unknown): { ok: false; message: string } => ({
  ok: false,
  // A refusal of ours, or a database out of reach ("try again in a moment").
  message: refusalFrom(error)?.message ?? 'Something went wrong. Please try again.',
});

/**
 * The live show over Socket.IO (identity: realtime/socket-identity.ts): a viewer joins a game's
 * room and gets every event; a player acts while their token is valid.
 */
export function registerLiveHandlers(
  app: FastifyInstance,
  io: RealtimeServer,
  live: LiveGames,
  actions: LiveActions,
  chat: ChatService,
  /** Players on a break neither enter a live show nor play in one. */
  safety: Pick<SafetyService, 'assertMayEnter' | 'assertMayPlay'>,
  /** A viewer came back after losing their connection (analytics counts the reconnects). */
  rejoined: (gameId: string) => void = () => {},
): void {
  // One set of handlers for every connection (Socket.IO calls them with the socket as `this`):
  // thousands of viewers then hold no closures of their own.
  async function join(this: RealtimeSocket, request: unknown, ack: (result: JoinGameResult) => void) {
    if (typeof ack !== 'function') return;
    const parsed = joinGameRequestSchema.safeParse(request);
    if (!parsed.success)
      return ack({ ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid request' });
    const player = socketPlayer(this);
    if (!(this.data as SocketIdentity).preview && !player?.operator) return ack(playerRefusal(this));
    // A socket already in the game's rooms came back by recovery (counted on connection) or
    // asks again after a gap in its events: neither is a new return.
    const watching = watchesGame(this, parsed.data.gameUuid);
    if (!watching && gamesWatched(this) >= MAX_GAMES_PER_SOCKET) {
      return ack({ ok: false, message: 'You are watching too many games at once. Leave one first.' });
    }
    const rooms = viewerRooms(parsed.data.gameUuid, this.id, player?.role === 'host');
    const leaveRooms = () => Promise.all(rooms.map((name) => this.leave(name)));
    try {
      if (player) await safety.assertMayEnter(player.id, parsed.data.gameUuid);
      // In the rooms before the snapshot is taken, so no event can fall between the two.
      await this.join(rooms);
      const joined = await live.join(parsed.data.gameUuid, player?.id ?? null, parsed.data.lastSeq);
      if (!joined) {
        await leaveRooms();
        return ack({ ok: false, message: 'This game does not exist.' });
      }
      // The chat's latest messages ride along; the app drops the seqs it already shows.
      const recentChat = await chat.recent(parsed.data.gameUuid);
      ack({ ok: true, snapshot: { ...joined.snapshot, chat: recentChat }, missed: joined.missed });
      // A new socket that saw the show before: back after the reconnect window, or on a process
      // that never had its session (docs/cluster.md).
      if (parsed.data.lastSeq !== null && !watching) rejoined(parsed.data.gameUuid);
    } catch (error) {
      // Not joined (the database restarting): not in the rooms either.
      await leaveRooms().catch(() => {});
      if (!(error instanceof DomainError)) app.log.error({ err: error }, 'game:join failed');
      ack(refused(error));
    }
  }

  function leave(this: RealtimeSocket, request: { gameUuid?: unknown } | undefined) {
    const gameId = gameIdSchema.safeParse(request?.gameUuid).data;
    if (!gameId) return;
    for (const room of viewerRooms(gameId, this.id, true)) void this.leave(room);
  }

  const playerAction = <T>(
    parse: (request: unknown) => T | undefined,
    run: (player: Player, gameId: string, value: T) => Promise<void>,
  ) =>
    async function (
      this: RealtimeSocket,
      request: { gameUuid?: unknown } & Record<string, unknown>,
      ack: (result: ActResult) => void,
    ) {
      if (typeof ack !== 'function') return;
      const value = parse(request);
      const gameId = gameIdSchema.safeParse(request?.gameUuid).data;
      const player = socketPlayer(this);
      if (!player?.operator) return ack(playerRefusal(this));
      if (value === undefined || gameId === undefined) return ack({ ok: false, message: 'Invalid request' });
      try {
        await safety.assertMayPlay(player.id);
        await run(player, gameId, value);
        ack({ ok: true });
      } catch (error) {
        if (!(error instanceof DomainError)) app.log.error({ err: error }, 'game action failed');
        ack(refused(error));
      }
    };

  const choose = playerAction(
    (request) =>
      choiceBodySchema.safeParse({ choice: (request as { choice?: unknown })?.choice }).data?.choice,
    (player, gameId, choice) => actions.choose(gameId, player.id, choice),
  );
  const pickLuckyFate = playerAction(
    (request) =>
      luckyFatePickBodySchema.safeParse({ pick: (request as { pick?: unknown })?.pick }).data?.pick,
    (player, gameId, pick) => actions.pickLuckyFate(gameId, player.id, pick as LuckyFatePick),
  );

  io.on('connection', (socket) => {
    // Back within the reconnect window: Socket.IO restored the socket with its rooms and the
    // events it missed, and the app may send no game:join at all. A return all the same.
    if (socket.recovered) for (const gameId of gameIdsWatched(socket)) rejoined(gameId);
    socket.on('game:join', join);
    socket.on('game:leave', leave);
    socket.on('game:choice', choose);
    socket.on('game:lucky-fate', pickLuckyFate);
  });
}
