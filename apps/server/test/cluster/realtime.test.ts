import { randomUUID } from 'node:crypto';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameMetadata } from '@ruthless/protocol';
import {
  reconnectPromptlyWhenServerMoves,
  SOCKET_RECONNECTION,
  type ServerMovingHint,
} from '@ruthless/protocol/reconnection';
import { viewerRooms } from '../../src/realtime/phones';
import type { SocketIdentity } from '../../src/realtime/socket-identity';
import { forgetRedisKeys } from '../support/cluster';
import { registeredPlayer } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

// Two processes on one Redis (docs/cluster.md): what one socket's process cannot know alone.
const unavailable = process.env.REDIS_URL ? undefined : 'needs REDIS_URL (CI runs the server suite with it)';
if (unavailable) console.warn(`cluster realtime tests skipped: ${unavailable}`);

describe.skipIf(unavailable)(
  `two processes on one Redis${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    const apps: TestApp[] = [];
    const sockets: Socket[] = [];
    // Their own Redis keys, shared by the two, and deleted afterwards.
    const prefix = `test:cluster-realtime:${randomUUID()}:`;
    beforeAll(async () => {
      const env = { REDIS_PREFIX: prefix };
      const limits = {
        perSocket: { burst: 100, perSecond: 100 },
        perAddress: { burst: 20, perSecond: 5 },
      };
      // Reachable addresses: the last test signs players up on them.
      for (let i = 0; i < 2; i++)
        apps.push(await startTestApp(env, { socketEventLimits: limits, reachablePublicUrl: true }));
    });
    afterAll(async () => {
      for (const socket of sockets) socket.disconnect();
      for (const app of apps) await app.close();
      await forgetRedisKeys(prefix);
    });

    const connect = async (url: string, options: Parameters<typeof connectSocket>[1] = {}) => {
      const socket = connectSocket(url, { transports: ['websocket'], auth: { preview: true }, ...options });
      sockets.push(socket);
      await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
      return socket;
    };

    it("counts one address's events over both processes", async () => {
      const [a, b] = [await connect(apps[0]!.url), await connect(apps[1]!.url)];
      const closed = [a, b].map(
        (socket) => new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason))),
      );
      // 15 each: under the limit of 20 on either process alone, over it together.
      for (let i = 0; i < 15 && a.connected && b.connected; i++) {
        await a
          .timeout(2000)
          .emitWithAck('ping')
          .catch(() => {});
        await b
          .timeout(2000)
          .emitWithAck('ping')
          .catch(() => {});
      }
      const reason = await Promise.race([
        ...closed,
        new Promise((resolve) => setTimeout(resolve, 2000, 'open')),
      ]);
      expect(reason).toBe('io server disconnect');
    });

    it('recovers a connection on the other process with the broadcast it missed', async () => {
      const socket = await connect(apps[0]!.url, { reconnectionDelay: 500, reconnectionDelayMax: 500 });
      const gameUuid = randomUUID();
      const received: number[] = [];
      socket.on('metadata', (metadata: GameMetadata) => {
        if (metadata.gameUuid === gameUuid) received.push(metadata.ticketsAvailable);
      });
      const broadcast = (ticketsAvailable: number) =>
        apps[0]!.app.realtime.io.emit('metadata', { gameUuid, ticketsAvailable } as unknown as GameMetadata);
      broadcast(3);
      await expect.poll(() => received).toEqual([3]);

      // The connection drops; the client comes back through the other process (as behind a
      // balancer that moved it), and a broadcast goes out meanwhile.
      (socket.io as unknown as { uri: string }).uri = apps[1]!.url;
      const reconnected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.io.engine.close();
      broadcast(2);
      await reconnected;
      expect(socket.recovered).toBe(true);
      await expect.poll(() => received).toEqual([3, 2]);
    });

    // Before a process stops: until the others forget it, an ask of every process waits for its
    // answer and fails (the winners stay unknown, and get no "you won").
    it("knows which winners watch a game on the other process (the 'you won' push asks as a game ends)", async () => {
      const gameUuid = randomUUID();
      const watching = await registeredPlayer(apps[1]!.url, `watching-${randomUUID()}@cluster.test`);
      const away = await registeredPlayer(apps[1]!.url, `away-${randomUUID()}@cluster.test`);
      for (const player of [watching, away]) await connect(apps[1]!.url, { auth: { token: player.token } });
      // The watcher's socket is among the game's viewers on the second process.
      const [watcherSocket] = (await apps[1]!.app.realtime.io.fetchSockets()).filter(
        (socket) => (socket.data as SocketIdentity).player?.id === watching.userId,
      );
      watcherSocket!.join(viewerRooms(gameUuid, watcherSocket!.id));

      const seen = await apps[0]!.app.realtime.phones.playersWatching(gameUuid, [
        watching.userId,
        away.userId,
      ]);
      expect([...seen]).toEqual([watching.userId]);
    });

    it('moves the phones of a stopping process to the other promptly, with what they missed', async () => {
      // A third process, to be stopped as a rolling restart stops one.
      const stopping = await startTestApp({ REDIS_PREFIX: prefix });
      const socket = await connect(stopping.url, { ...SOCKET_RECONNECTION });
      reconnectPromptlyWhenServerMoves(socket);
      const hints: ServerMovingHint[] = [];
      socket.on('server:moving', (hint) => hints.push(hint));
      const gameUuid = randomUUID();
      const received: number[] = [];
      socket.on('metadata', (metadata: GameMetadata) => {
        if (metadata.gameUuid === gameUuid) received.push(metadata.ticketsAvailable);
      });
      const broadcast = (ticketsAvailable: number) =>
        apps[0]!.app.realtime.io.emit('metadata', { gameUuid, ticketsAvailable } as unknown as GameMetadata);
      // A connection is recovered from the last broadcast it got.
      broadcast(8);
      await expect.poll(() => received).toEqual([8]);
      let delayOfTheMove: number | undefined;
      socket.on('disconnect', () => (delayOfTheMove = socket.io.reconnectionDelay()));

      (socket.io as unknown as { uri: string }).uri = apps[1]!.url;
      const reconnected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      await stopping.close();
      broadcast(7);
      await reconnected;

      // One phone: a window of 100 ms, where a lost connection waits 250-750 ms.
      expect(hints).toEqual([{ withinMs: 100 }]);
      expect(delayOfTheMove).toBeLessThanOrEqual(100);
      expect(socket.recovered).toBe(true);
      await expect.poll(() => received).toEqual([8, 7]);
      // The next lost connection waits as usual.
      expect(socket.io.reconnectionDelay()).toBe(SOCKET_RECONNECTION.reconnectionDelay);
    });
  },
);
