import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_STAGES, CLAIM_STAGES, FINISHED_STAGES, LIVE_STAGES, STAGES } from '@ruthless/game';
import { openDatabase, queryRows, type Database } from '../../src/db/database';
import { createScratchDatabase } from '../support/test-app';

// SQL cannot import the engine's list: a stage added to one and not the other fails here.
describe("the database's games_state_check", () => {
  let dataDir: string;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let database: Database;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-stages-'));
    scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : undefined;
    database = await openDatabase({ databaseUrl: scratch?.url, dataDir });
  });

  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("lists exactly the engine's stages, in order", async () => {
    const [constraint] = await queryRows<{ definition: string }>(
      database.db,
      sql`select pg_get_constraintdef(c.oid) as definition
            from pg_constraint c join pg_class t on t.oid = c.conrelid
           where t.relname = 'games' and c.conname = 'games_state_check'`,
    );
    expect(constraint, 'games_state_check exists').toBeDefined();
    const listed = [...constraint!.definition.matchAll(/'([^']*)'/g)].map((match) => match[1]);
    expect(listed).toEqual([...STAGES]);
  });

  it("names in its functions only lists the engine derives (the claim's, the rollover's)", async () => {
    const functions = await queryRows<{ name: string; body: string }>(
      database.db,
      sql`select p.proname as name, p.prosrc as body
            from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where n.nspname = 'public'`,
    );
    const derived = [STAGES, CLAIM_STAGES, LIVE_STAGES, CHAT_STAGES, FINISHED_STAGES].map((list) =>
      list.join(','),
    );
    const lists = functions.flatMap(({ name, body }) =>
      [...body.matchAll(/"state"\s+(?:not\s+)?in\s*\(([^)]*)\)/gi)].map((match) => ({
        name,
        stages: [...match[1]!.matchAll(/'([^']*)'/g)].map((quoted) => quoted[1]).join(','),
      })),
    );
    expect(lists.length, 'the claim and the rollover name stages').toBeGreaterThan(0);
    for (const { name, stages } of lists) expect(derived, `${name}: ${stages}`).toContain(stages);
  });
});
