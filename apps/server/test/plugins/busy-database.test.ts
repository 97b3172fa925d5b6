import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@ruthless/protocol';
import { BusyError } from '../../src/errors';
import { refusalFrom } from '../../src/errors';
import { statusOf } from '../../src/plugins/error-handler';

// A process that takes a rush alone (its peer died mid-claims, docs/cluster.md) may wait longer
// for a database connection than its pool allows: that is a 503 to try again, not a 500.
const unavailable = process.env.DATABASE_URL ? undefined : 'needs DATABASE_URL (the pool is PostgreSQL only)';

describe.skipIf(unavailable)(
  `a database pool with no connection free${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    it('answers 503 server/busy', async () => {
      const pool = new pg.Pool({
        connectionString: process.env.DATABASE_URL,
        max: 1,
        connectionTimeoutMillis: 100,
      });
      const held = await pool.connect();
      try {
        const error = await pool.query('select 1').then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
        const refusal = refusalFrom(error);
        expect(refusal).toBeInstanceOf(BusyError);
        expect(refusal).toMatchObject({
          code: ErrorCode.busy,
          message: 'The server is busy. Please try again.',
        });
        expect(statusOf(refusal!)).toBe(503);
        expect(refusalFrom(new Error('something else'))).toBeUndefined();
      } finally {
        held.release();
        await pool.end();
      }
    });
  },
);
