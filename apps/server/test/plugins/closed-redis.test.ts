import { createClient } from 'redis';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@ruthless/protocol';
import { refusalFrom, UNAVAILABLE_MESSAGE, UnavailableError } from '../../src/errors';
import { statusOf } from '../../src/plugins/error-handler';

// A process stopping in a rolling restart closes its Redis client while requests are still in
// flight: a chat message's rate limit then met "The client is closed", answered 500 (CI, November
// 2026). It is a 503 to try again, as for a database out of reach; the phone tries the other process.
const unavailable = process.env.REDIS_URL ? undefined : 'needs REDIS_URL';

describe.skipIf(unavailable)(
  `a command on a Redis client that has closed${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    it('answers 503 server/unavailable', async () => {
      const client = createClient({ url: process.env.REDIS_URL });
      await client.connect();
      client.destroy();
      const error = await client
        .multi()
        .incr('closed-redis-test')
        .exec()
        .then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
      expect(error).toBeInstanceOf(Error);
      const refusal = refusalFrom(error);
      expect(refusal).toBeInstanceOf(UnavailableError);
      expect(refusal).toMatchObject({ code: ErrorCode.unavailable, message: UNAVAILABLE_MESSAGE });
      expect(statusOf(refusal!)).toBe(503);
    });
  },
);
