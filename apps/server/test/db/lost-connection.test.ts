import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { inject, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { adminQuery } from '../support/database-template';
import { createScratchDatabase } from '../support/test-app';

// A PostgreSQL restart ends every connection with "terminating connection due to administrator
// command". A client the app holds between two queries (inside a transaction) then emits that
// error on itself: with no listener it was an uncaught exception that would end the process
// (found in faults/dependency-restart.test.ts, which stops PostgreSQL mid-show).
const unavailable = process.env.DATABASE_URL ? undefined : 'needs DATABASE_URL (the pool is PostgreSQL only)';

describe.skipIf(unavailable)(
  `a connection lost while the app holds it${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    it('fails that work only: no uncaught error, and the next query reconnects', async () => {
      const serverUrl = process.env.DATABASE_URL!;
      const scratch = await createScratchDatabase(serverUrl, {
        template: inject('databaseTemplates').postgresDatabase,
      });
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-lost-'));
      const database = await openDatabase({ databaseUrl: scratch.url, dataDir });
      const uncaught: unknown[] = [];
      const onUncaught = (error: unknown) => uncaught.push(error);
      process.on('uncaughtException', onUncaught);
      try {
        const pool = (database.db as unknown as { $client: pg.Pool }).$client;
        const held = await pool.connect();
        const ended = new Promise((resolve) => held.once('end', resolve));
        const { rows } = await held.query<{ pid: number }>('select pg_backend_pid() as pid');
        await adminQuery(serverUrl, `select pg_terminate_backend(${Number(rows[0]!.pid)})`);
        await ended;
        held.release();

        expect(uncaught).toEqual([]);
        const after = await pool.query<{ one: number }>('select 1 as one');
        expect(after.rows).toEqual([{ one: 1 }]);
      } finally {
        process.off('uncaughtException', onUncaught);
        await database.close();
        await scratch.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  },
);
