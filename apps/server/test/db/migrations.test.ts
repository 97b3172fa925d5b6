import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Db } from '../../src/db/database';
import { createScratchDatabase, vapidKeyEnv } from '../support/test-app';

const migrationsFolder = path.resolve(import.meta.dirname, '../../src/db/migrations');
const journalFile = path.join(migrationsFolder, 'meta/_journal.json');

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

  it('migrates a fresh database, brings one of an older release up to date and skips an up-to-date one', async () => {
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
      entries: { when: number; tag: string }[];
    };
    const everyMigration = journal.entries.map((entry) => entry.when);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-migrations-'));
    const open = (folder: string) => openDatabase({ databaseUrl: undefined, dataDir: folder });

    const fresh = await open(path.join(dataDir, 'fresh'));
    expect(await appliedMigrations(fresh.db)).toEqual(everyMigration);
    await fresh.close();

    // A database of the release before 0008 (the demo rooms' pictures move from SVG to WebP),
    // migrated with that release's journal, holding a room 0008 must move and one it must not.
    const olderRelease = path.join(dataDir, 'older-migrations');
    await cp(migrationsFolder, olderRelease, { recursive: true });
    await writeFile(
      path.join(olderRelease, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.filter((entry) => entry.tag < '0008') }),
    );
    const olderDir = path.join(dataDir, 'older', 'pglite');
    await mkdir(olderDir, { recursive: true });
    const client = await PGlite.create(olderDir);
    const older = drizzle(client);
    await migrate(older, { migrationsFolder: olderRelease });
    await older.execute(
      sql`insert into rooms (name, image, theme, is_demo) values ('Gold Rush', '/rooms/gold-rush.svg', 'GOLD', true), ('Own Room', '/rooms/own.svg', 'RED', false)`,
    );
    await client.close();

    const behind = await open(path.join(dataDir, 'older'));
    expect(await appliedMigrations(behind.db)).toEqual(everyMigration);
    expect(await roomPictures(behind.db)).toEqual(['/rooms/gold-rush.webp', '/rooms/own.svg']);
    await behind.close();

    const upToDate = await open(path.join(dataDir, 'older'));
    expect(await appliedMigrations(upToDate.db)).toEqual(everyMigration);
    await upToDate.close();
  }, 240_000);
});

const root = path.resolve(import.meta.dirname, '../../../..');
/** `npm run migrate` as an operator runs it (the compiled server's migrate.ts). */
function runMigrate(
  env: Record<string, string>,
  flags: string[] = [],
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/migrate.mjs', ...flags], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run migrate', () => {
  it('creates an embedded database only with --create, and says which database it migrated', async () => {
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: unknown[] };
    const folder = await mkdtemp(path.join(os.tmpdir(), 'ruthless-migrate-'));
    const embedded = path.join(folder, 'pglite');
    try {
      // No DATABASE_URL and nothing in DATA_DIR: most likely a forgotten DATABASE_URL.
      const refused = await runMigrate({ DATA_DIR: folder });
      expect(refused.code, refused.output).toBe(1);
      expect(refused.output.trim().split('\n').at(-1)).toBe(
        `No database in ${embedded}, and DATABASE_URL is not set: set DATABASE_URL to migrate PostgreSQL, or run \`npm run migrate -- --create\` to create a new embedded database there.`,
      );
      expect(existsSync(embedded)).toBe(false);

      const created = await runMigrate({ DATA_DIR: folder }, ['--create']);
      expect(created.code, created.output).toBe(0);
      expect(created.output).toContain(`Migrated the embedded database in ${embedded}.`);
      expect(created.output).toContain(
        `The database schema is up to date (pglite, ${journal.entries.length} migrations applied).`,
      );
      // Once it exists, a development run migrates it without being asked.
      const again = await runMigrate({ DATA_DIR: folder });
      expect(again.code, again.output).toBe(0);
      expect(again.output).toContain(`Migrated the embedded database in ${embedded}.`);

      // In production a missing DATABASE_URL is a mistake until said otherwise.
      const production = {
        DATA_DIR: folder,
        NODE_ENV: 'production',
        AUTH_SECRET: randomBytes(32).toString('base64'),
        PUBLIC_URL: 'https://ruthless.example',
        SMTP_URL: 'smtp://127.0.0.1:9',
        ...vapidKeyEnv(),
      };
      const inProduction = await runMigrate(production);
      expect(inProduction.code, inProduction.output).toBe(1);
      expect(inProduction.output.trim().split('\n').at(-1)).toBe(
        `NODE_ENV=production and DATABASE_URL is not set: this would migrate the embedded database in ${embedded}. Set DATABASE_URL, or run \`npm run migrate -- --embedded\` if the embedded database is the one meant.`,
      );
      const meant = await runMigrate(production, ['--embedded']);
      expect(meant.code, meant.output).toBe(0);
      expect(meant.output).toContain(`Migrated the embedded database in ${embedded}.`);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 240_000);

  it.skipIf(!process.env.DATABASE_URL)(
    'is the step a production start requires: two runs at once apply each migration once',
    async () => {
      const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { when: number }[] };
      const database = await createScratchDatabase(process.env.DATABASE_URL!);
      try {
        const open = () =>
          openDatabase({ databaseUrl: database.url, dataDir: os.tmpdir(), migrations: 'require' });
        await expect(open()).rejects.toThrow(
          'The database schema is older than this server: run `npm run migrate` with the same DATABASE_URL, then start again (docs/operations.md).',
        );
        const runs = await Promise.all([
          runMigrate({ DATABASE_URL: database.url }),
          runMigrate({ DATABASE_URL: database.url }),
        ]);
        for (const run of runs) {
          expect(run.code, run.output).toBe(0);
          // Which database, without its password.
          const url = new URL(database.url);
          expect(run.output).toContain(`Migrated PostgreSQL at ${url.host}${url.pathname}.`);
          if (url.password) expect(run.output).not.toContain(url.password);
        }
        const migrated = await open();
        expect(await appliedMigrations(migrated.db)).toEqual(journal.entries.map((entry) => entry.when));
        await migrated.close();
      } finally {
        await database.drop();
      }
    },
    120_000,
  );
});

describe('the migrations', () => {
  // docs/operations.md, Migrations: expand, deploy, then contract.
  const DESTRUCTIVE =
    /\b(drop\s+(column|table|function|type)|rename\s+(column|to)|alter\s+column\s+"?\w+"?\s+(set\s+data\s+)?type|set\s+not\s+null)\b/i;
  // It dropped tickets.numbers with the code that stopped reading it, before the rule was written.
  const BEFORE_THE_RULE = ['0006_ticket_index_only.sql'];

  it('change the schema destructively only in a contract step, which the release before survives', async () => {
    const files = (await readdir(migrationsFolder)).filter((file) => file.endsWith('.sql'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = await readFile(path.join(migrationsFolder, file), 'utf8');
      if (!DESTRUCTIVE.test(text) || BEFORE_THE_RULE.includes(file)) continue;
      expect(text.split('\n')[0], `${file} changes the schema destructively`).toMatch(/^-- contract: \S/);
    }
  });
});
