import { randomUUID } from 'node:crypto';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withSessionWritesCaught } from '../../src/realtime/session-writes';

// The streams adapter saves a dropped session with a SET it never awaits. In the scale bench's
// storm (18 000 viewers on four processes) those SETs outlived the Redis client's 5 s command
// timeout and their unhandled rejections stopped three of the four processes.
const unavailable = process.env.REDIS_URL ? undefined : 'needs REDIS_URL';

describe.skipIf(unavailable)(
  `the streams adapter's session writes${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    const stops: Array<() => Promise<unknown> | unknown> = [];
    afterEach(async () => {
      for (const stop of stops.splice(0).reverse()) await stop();
    });

    async function adapterOn() {
      const redis = createClient({ url: process.env.REDIS_URL });
      redis.on('error', () => {});
      await redis.connect();
      const prefix = `session-writes-test:${randomUUID()}:`;
      const io = new Server({
        connectionStateRecovery: { maxDisconnectionDuration: 60_000 },
        adapter: createAdapter(withSessionWritesCaught(redis), {
          streamName: `${prefix}stream`,
          channelPrefix: `${prefix}channel`,
          sessionKeyPrefix: `${prefix}session:`,
        }),
      });
      const adapter = io.of('/').adapter;
      stops.push(() => (redis.isOpen ? redis.quit() : undefined));
      // The adapter's own clients (its stream reader and subscriber) close with it.
      stops.push(() => adapter.close());
      // Subscribed: its subscriber's command is answered (closing it before would reject that).
      const channel = `${prefix}channel#/#`;
      await vi.waitFor(async () => expect(await redis.pubSubNumSub(channel)).toEqual({ [channel]: 1 }));
      const session = { sid: randomUUID(), pid: randomUUID(), rooms: ['game:1'], data: {} };
      return { redis, adapter, session, key: `${prefix}session:${session.pid}` };
    }

    it('still saves a dropped session through the client', async () => {
      const { redis, adapter, session, key } = await adapterOn();
      adapter.persistSession(session);
      await vi.waitFor(async () => expect(await redis.exists(key)).toBe(1));
      expect(await redis.pTTL(key)).toBeGreaterThan(50_000);
    });

    it('drops a session it could not save instead of an unhandled rejection', async () => {
      const { redis, adapter, session } = await adapterOn();
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      stops.push(() => process.off('unhandledRejection', onUnhandled));
      // Every command fails at once, as the storm's did after their timeout.
      redis.destroy();
      const failed = redis.set('session-writes-test:probe', '1').then(
        () => undefined,
        (error: unknown) => error,
      );
      adapter.persistSession(session);
      expect(await failed).toBeInstanceOf(Error);
      // An unhandled rejection is reported once the microtasks of this turn have run.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    });
  },
);
