import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Db } from '../../src/db/database';

const journalFile = path.resolve(import.meta.dirname, '../../src/db/migrations/meta/_journal.json');

async function appliedMigrations(db: Db): Promise<number[]> {
  const rows = await queryRows<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  return rows.map((row) => Number(row.created_at));
}

async function roomPictures(db: Db): Promise<string[]> {
  const rows = await queryRows<{ image: string }>(db, sql`select image from rooms order by name`);
  return rows.map((row) => row.image);
}

describe('the migrations at start', () => {
  let dataDir: string | undefined;
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('migrates a fresh database, skips an up-to-date one and applies a migration added since', async () => {
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { when: number }[] };
    const everyMigration = journal.entries.map((entry) => entry.when);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-migrations-'));
    const open = () => openDatabase({ databaseUrl: undefined, dataDir: dataDir! });

    const fresh = await open();
    expect(await appliedMigrations(fresh.db)).toEqual(everyMigration);
    // As if the newest migration (0008: the demo rooms' pictures move from SVG to WebP) had been
    // added after this database was last opened: not recorded, and a room it must move.
    await fresh.db.execute(
      sql`insert into rooms (name, image, theme, is_demo) values ('Gold Rush', '/rooms/gold-rush.svg', 'GOLD', true), ('Own Room', '/rooms/own.svg', 'RED', false)`,
    );
    await fresh.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${everyMigration.at(-1)!}`,
    );
    await fresh.close();

    const behind = await open();
    expect(await appliedMigrations(behind.db)).toEqual(everyMigration);
    expect(await roomPictures(behind.db)).toEqual(['/rooms/gold-rush.webp', '/rooms/own.svg']);
    await behind.close();

    const upToDate = await open();
    expect(await appliedMigrations(upToDate.db)).toEqual(everyMigration);
    await upToDate.close();
  }, 240_000);
});
