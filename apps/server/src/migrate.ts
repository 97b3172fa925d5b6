// `npm run migrate`: applies the migrations the database lacks and exits. On PostgreSQL under an
// advisory lock, so two runs (or a run and a starting process) never apply them at once. In
// production the server only checks the schema at start (docs/operations.md, Migrations).
import { sql } from 'drizzle-orm';
import { processConfigOrExit } from './config';
import { openDatabase, queryRows } from './db/database';

const config = processConfigOrExit();
const database = await openDatabase({ ...config, migrations: 'apply' });
try {
  const [row] = await queryRows<{ applied: string | number }>(
    database.db,
    sql`select count(*) as applied from drizzle.__drizzle_migrations`,
  );
  console.log(
    `The database schema is up to date (${database.kind}, ${Number(row?.applied)} migrations applied).`,
  );
} finally {
  await database.close();
}
