import { cp } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/db/database';

/**
 * The server suite's migrated databases, made once per run (suite-setup.ts): an embedded PGlite
 * folder, and with DATABASE_URL a PostgreSQL database. A test app starts from a copy of one
 * (test-app.ts) instead of applying every migration afresh, which cost each test file seconds.
 */
export interface DatabaseTemplates {
  /** A migrated PGlite folder, copied as a data dir's `pglite` folder. */
  pgliteFolder: string;
  /** The name of a migrated database on DATABASE_URL's server, copied with CREATE DATABASE … TEMPLATE. */
  postgresDatabase: string | undefined;
}

/**
 * Migrates a PGlite folder under `folder`, and with `serverUrl` a PostgreSQL database there;
 * `drop` removes that database.
 */
export async function makeDatabaseTemplates(
  folder: string,
  serverUrl: string | undefined,
): Promise<DatabaseTemplates & { drop(): Promise<void> }> {
  await (await openDatabase({ databaseUrl: undefined, dataDir: folder })).close();
  const postgresDatabase = serverUrl ? `ruthless_template_${randomUUID().replaceAll('-', '')}` : undefined;
  if (serverUrl && postgresDatabase) {
    await adminQuery(serverUrl, `create database ${postgresDatabase}`);
    // Closed at once: no connection may stay open on a template while a copy of it is made.
    await (
      await openDatabase({ databaseUrl: databaseOn(serverUrl, postgresDatabase), dataDir: folder })
    ).close();
  }
  return {
    pgliteFolder: path.join(folder, 'pglite'),
    postgresDatabase,
    async drop() {
      if (serverUrl && postgresDatabase) {
        await adminQuery(serverUrl, `drop database if exists ${postgresDatabase} with (force)`);
      }
    },
  };
}

/** Copies the migrated PGlite folder to `dataDir/pglite`, where the app opens its database. */
export async function copyPgliteTemplate(templates: DatabaseTemplates, dataDir: string): Promise<void> {
  await cp(templates.pgliteFolder, path.join(dataDir, 'pglite'), { recursive: true });
}

/** The URL of `database` on the server of `serverUrl`. */
export function databaseOn(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** One statement on the server's default database (CREATE and DROP DATABASE run outside others). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
