import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { startPglite } from './pglite';
import { withRelativeNames } from './relative-tar';
import * as schema from './schema';

const gzipped = promisify(gzip);

export type Schema = typeof schema;
/** The one database type the repositories see, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The rows of a raw query: node-postgres and PGlite both answer with `rows`. */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  /**
   * PGlite only: its folder as a gzipped tar, taken while no query runs (an online backup,
   * routes/internal/backup.ts); PostgreSQL is backed up with pg_dump instead.
   */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Arbitrary constant: serialises migrations when several processes start on one PostgreSQL.
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Whether drizzle's migrator would apply nothing: it applies the migrations of the journal newer
 * than the newest one recorded, so none when that is the journal's newest. One cheap query at a
 * start on an up-to-date database, instead of the migrator reading and hashing every migration
 * file and creating its schema and table if missing. False on a fresh database (no table yet).
 */
async function migrationsUpToDate(db: Db): Promise<boolean> {
  // Read at once, not through the thread pool: a busy machine kept a start waiting for it.
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newestInJournal = Math.max(...journal.entries.map((entry) => entry.when));
  const tables = await queryRows<{ found: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!tables[0]?.found) return false;
  const rows = await queryRows<{ newest: string | number | null }>(
    db,
    sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
  );
  const newestApplied = rows[0]?.newest;
  return newestApplied !== null && newestApplied !== undefined && Number(newestApplied) >= newestInJournal;
}

/**
 * What a start does about migrations the database lacks: `apply` them (under a lock, so several
 * processes starting together take turns), or `require` them applied already and refuse to
 * serve on an older schema (production on PostgreSQL: `npm run migrate` is a deliberate step of
 * a deploy, docs/operations.md).
 */
export type MigrationPolicy = 'apply' | 'require';

/** Thrown when the database's schema is older than this server's code. */
export class SchemaBehindError extends Error {
  override name = 'SchemaBehindError';
}

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite kept on disk in dataDir (or the
 * one main.ts started already), and applies the committed migrations (on PGlite always: one
 * process owns it).
 */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  migrations?: MigrationPolicy;
  /** PGlite started by the caller (db/pglite.ts), instead of starting it here. */
  pglite?: Promise<PGlite>;
}): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.migrations ?? 'apply')
    : await openPglite(options.pglite ?? startPglite(options.dataDir));
  // Closing twice (a failed health check, then shutdown) must be harmless.
  let closing: Promise<void> | undefined;
  return { ...database, close: () => (closing ??= database.close()) };
}

async function openPglite(starting: Promise<PGlite>): Promise<Database> {
  // Loaded only for PGlite, as PostgreSQL's only for PostgreSQL: no process needs both; loaded
  // while PGlite starts.
  const [client, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    starting,
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const db = drizzlePglite(client, { schema });
  if (!(await migrationsUpToDate(db as unknown as Db))) await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    dumpDataDir: async () => {
      // A checkpoint first keeps the restored copy's recovery short; PGlite then copies the files
      // between two queries, so the copy is what a crash at that instant would leave: consistent.
      await client.query('checkpoint');
      const tar = new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
      // Relative names: `tar -xzf … -C <folder>` unpacks into the folder on any tar.
      return new Blob([await gzipped(withRelativeNames(tar))], { type: 'application/gzip' });
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, migrations: MigrationPolicy): Promise<Database> {
  // Loaded only for PostgreSQL (pg and its drizzle driver).
  const [{ default: pg }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // A client losing its connection (PostgreSQL restarted) must not crash the process: the pool
  // handles an idle one's error, and a checked-out client between two queries (inside a
  // transaction) emits its error on itself with no listener of the pool's. The query that needed
  // it fails and is answered as a 503; the pool then drops the client and the next query reconnects.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePostgres(pool, { schema });
  if (!(await migrationsUpToDate(db as unknown as Db))) {
    if (migrations === 'require') {
      await pool.end();
      throw new SchemaBehindError(
        'The database schema is older than this server: run `npm run migrate` with the same DATABASE_URL, then start again (docs/operations.md).',
      );
    }
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePostgres(drizzlePostgres(lockClient, { schema }), { migrationsFolder });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      lockClient.release();
    }
  }
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
