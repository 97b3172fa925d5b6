// `npm run migrate`: applies the migrations the database lacks and exits. On PostgreSQL under an
// advisory lock, so two runs (or a run and a starting process) never apply them at once. In
// production the server only checks the schema at start (docs/operations.md, Migrations).
//
// It says which database it migrated. Without DATABASE_URL it would migrate the embedded database
// in DATA_DIR: it creates a new one there only with `--create`, and in production (where a
// missing DATABASE_URL is more likely a mistake than a choice) it touches one only with
// `--embedded` or `--create`; otherwise it says why and exits 1, changing nothing.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { processConfigOrExit } from './config';
import { openDatabase, queryRows } from './db/database';

const config = processConfigOrExit();
const flags = new Set(process.argv.slice(2));
const create = flags.has('--create');
const embeddedFolder = path.join(config.dataDir, 'pglite');

/** Where this run's database is, as an operator names it: the PostgreSQL address without its password. */
function databaseName(): string {
  if (!config.databaseUrl) return `the embedded database in ${embeddedFolder}`;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL at ${url.host}${url.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

if (!config.databaseUrl) {
  const exists = existsSync(path.join(embeddedFolder, 'PG_VERSION'));
  const refusal =
    !exists && !create
      ? `No database in ${embeddedFolder}, and DATABASE_URL is not set: set DATABASE_URL to migrate PostgreSQL, or run \`npm run migrate -- --create\` to create a new embedded database there.`
      : config.nodeEnv === 'production' && !create && !flags.has('--embedded')
        ? `NODE_ENV=production and DATABASE_URL is not set: this would migrate the embedded database in ${embeddedFolder}. Set DATABASE_URL, or run \`npm run migrate -- --embedded\` if the embedded database is the one meant.`
        : undefined;
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
}

const database = await openDatabase({ ...config, migrations: 'apply' });
try {
  const [row] = await queryRows<{ applied: string | number }>(
    database.db,
    sql`select count(*) as applied from drizzle.__drizzle_migrations`,
  );
  console.log(`Migrated ${databaseName()}.`);
  console.log(
    `The database schema is up to date (${database.kind}, ${Number(row?.applied)} migrations applied).`,
  );
} finally {
  await database.close();
}
