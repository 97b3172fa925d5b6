import type { FastifyInstance } from 'fastify';
import {
  choiceBodySchema,
  joinGameRequestSchema,
  luckyFatePickBodySchema,
  type ActResult,
} from '@ruthless/protocol';
import type { LuckyFatePick } from '@ruthless/game';
import type { Player } from '../auth/identity';
import type { ChatService } from '../chat/chat.service';
import { HttpError } from '../plugins/errors';
import type { RealtimeServer } from '../realtime/socket-server';
import type { LiveActions } from './live-actions.service';
import type { LiveGames } from './live-games.service';

export const gameRoom = (gameId: string) => `game:${gameId}`;

interface SocketIdentity {
  player: Player | null;
  preview: boolean;
}

const refused = (error: unknown): { ok: false; message: string } => ({
  ok: false,
  message: error instanceof HttpError ? error.message : 'Something went wrong. Please try again.',
});

/**
 * The live show over Socket.IO. The handshake carries the identity token (`auth.token`) or asks
 * for read-only preview (`auth.preview`); a viewer joins a game's room and gets every event.
 */
export function registerLiveHandlers(
  app: FastifyInstance,
  io: RealtimeServer,
  live: LiveGames,
  actions: LiveActions,
  chat: ChatService,
): void {
  io.use((socket, next) => {
    const auth = (socket.handshake.auth ?? {}) as { token?: unknown; preview?: unknown };
    if (typeof auth.token === 'string' && auth.token) {
      app
        .verifyIdentityToken(auth.token)
        .then((player) => {
          socket.data = { player, preview: false } satisfies SocketIdentity;
          next();
        })
        .catch(() => next(new Error('auth/unauthorized')));
      return;
    }
    // No token: a read-only viewer (preview mode, or the lobby's live metadata).
    socket.data = { player: null, preview: auth.preview === true } satisfies SocketIdentity;
    next();
  });

  io.on('connection', (socket) => {
    const identity = socket.data as SocketIdentity;

    socket.on('game:join', async (request, ack) => {
      if (typeof ack !== 'function') return;
      const parsed = joinGameRequestSchema.safeParse(request);
      if (!parsed.success)
        return ack({ ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid request' });
      if (!identity.preview && !identity.player?.operator) {
        return ack({ ok: false, message: "You don't have permission to access this resource." });
      }
      const room = gameRoom(parsed.data.gameUuid);
      try {
        // In the room before the snapshot is taken, so no event can fall between the two.
        await socket.join(room);
        const joined = await live.join(
          parsed.data.gameUuid,
          identity.player?.id ?? null,
          parsed.data.lastSeq,
        );
        if (!joined) {
          await socket.leave(room);
          return ack({ ok: false, message: 'This game does not exist.' });
        }
        // The chat's latest messages ride along; the app drops the seqs it already shows.
        const recentChat = await chat.recent(parsed.data.gameUuid);
        ack({ ok: true, snapshot: { ...joined.snapshot, chat: recentChat }, missed: joined.missed });
      } catch (error) {
        app.log.error({ err: error }, 'game:join failed');
        ack(refused(error));
      }
    });

    socket.on('game:leave', (request) => {
      if (typeof request?.gameUuid === 'string') void socket.leave(gameRoom(request.gameUuid));
    });

    const playerAction =
      <T>(
        parse: (request: unknown) => T | undefined,
        run: (player: Player, gameId: string, value: T) => Promise<void>,
      ) =>
      async (request: { gameUuid?: unknown } & Record<string, unknown>, ack: (result: ActResult) => void) => {
        if (typeof ack !== 'function') return;
        const value = parse(request);
        const gameId = typeof request?.gameUuid === 'string' ? request.gameUuid : '';
        if (!identity.player?.operator)
          return ack({ ok: false, message: "You don't have permission to access this resource." });
        if (value === undefined || !/^[0-9a-f-]{36}$/i.test(gameId))
          return ack({ ok: false, message: 'Invalid request' });
        try {
          await run(identity.player, gameId, value);
          ack({ ok: true });
        } catch (error) {
          if (!(error instanceof HttpError)) app.log.error({ err: error }, 'game action failed');
          ack(refused(error));
        }
      };

    socket.on(
      'game:choice',
      playerAction(
        (request) =>
          choiceBodySchema.safeParse({ choice: (request as { choice?: unknown })?.choice }).data?.choice,
        (player, gameId, choice) => actions.choose(gameId, player.id, choice),
      ),
    );
    socket.on(
      'game:lucky-fate',
      playerAction(
        (request) =>
          luckyFatePickBodySchema.safeParse({ pick: (request as { pick?: unknown })?.pick }).data?.pick,
        (player, gameId, pick) => actions.pickLuckyFate(gameId, player.id, pick as LuckyFatePick),
      ),
    );
  });
}
