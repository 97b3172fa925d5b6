import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '../../src/db/schema';
import { insertRoom } from '../support/fixtures';
import { createScratchDatabase, startTestApp, type TestApp } from '../support/test-app';
import { findBinary, run } from './deploy-support';

/** docs/operations.md, Back up and restore: each way, backed up, restored afresh, and the data found. */
const METRICS_TOKEN = randomBytes(32).toString('base64url');
// The backup's own token: whoever scrapes the metrics may not copy the database.
const BACKUP_TOKEN = randomBytes(32).toString('base64url');

async function roomNamed(app: TestApp, name: string) {
  return app.app.database.db.select({ id: rooms.id }).from(rooms).where(eq(rooms.name, name));
}

describe('the embedded database, copied online', () => {
  let dir: string;
  let server: TestApp;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-backup-'));
    // PGlite whatever the run's DATABASE_URL: an empty one counts as unset.
    server = await startTestApp({
      DATABASE_URL: '',
      DATA_DIR: path.join(dir, 'live'),
      METRICS_TOKEN,
      BACKUP_TOKEN,
    });
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers 404 without the backup token, to the metrics token too', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${METRICS_TOKEN}`]) {
      const response = await fetch(`${server.url}/internal/backup`, {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status).toBe(404);
    }
  });

  it('is restored into a fresh folder with the data in it, while the server keeps serving', async () => {
    const roomId = await insertRoom(server.app.database.db, 'Backed up');
    const response = await fetch(`${server.url}/internal/backup`, {
      headers: { authorization: `Bearer ${BACKUP_TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/gzip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="ruthless-pglite-.+\.tar\.gz"$/,
    );
    const archive = path.join(dir, 'backup.tar.gz');
    await writeFile(archive, Buffer.from(await response.arrayBuffer()));
    // Relative member names: it unpacks into the folder it is given, on any tar, with no warning.
    const listed = await run('tar', ['-tzf', archive]);
    const members = listed.stdout.split('\n').filter(Boolean);
    expect(members).toContain('PG_VERSION');
    expect(members.filter((member) => member.startsWith('/'))).toEqual([]);
    expect(listed.stderr).toBe('');
    // Written after the copy: not in it.
    await insertRoom(server.app.database.db, 'After the backup');
    expect(await roomNamed(server, 'After the backup')).toHaveLength(1);

    // The restore of docs/operations.md: unpack into a new DATA_DIR's pglite folder, start on it.
    const restoredDir = path.join(dir, 'restored');
    await run('mkdir', ['-p', path.join(restoredDir, 'pglite')]);
    await run('tar', ['-xzf', archive, '-C', path.join(restoredDir, 'pglite')]);
    const restored = await startTestApp({ DATABASE_URL: '', DATA_DIR: restoredDir });
    try {
      expect(await roomNamed(restored, 'Backed up')).toEqual([{ id: roomId }]);
      expect(await roomNamed(restored, 'After the backup')).toEqual([]);
    } finally {
      await restored.close();
    }
  });
});

const pgDump = findBinary('pg_dump');
const pgRestore = findBinary('pg_restore');
const postgresUnavailable = !process.env.DATABASE_URL
  ? 'needs DATABASE_URL: a PostgreSQL server (CI runs the server suite a second time with one)'
  : !pgDump || !pgRestore
    ? 'needs pg_dump and pg_restore: run `sudo apt-get install -y postgresql-client`'
    : undefined;

describe.skipIf(postgresUnavailable)('PostgreSQL, with pg_dump and pg_restore', () => {
  it('is restored into a fresh database with the data in it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-pg-backup-'));
    const source = await startTestApp();
    const target = await createScratchDatabase(process.env.DATABASE_URL!);
    try {
      const roomId = await insertRoom(source.app.database.db, 'Backed up');
      const archive = path.join(dir, 'ruthless.dump');
      // docs/operations.md's commands: a custom-format dump, then a restore into an empty database.
      await run(pgDump!, ['--format=custom', '--no-owner', `--file=${archive}`, source.databaseUrl!]);
      await run(pgRestore!, ['--no-owner', '--exit-on-error', `--dbname=${target.url}`, archive]);
      const restored = await startTestApp({ DATABASE_URL: target.url });
      try {
        expect(await roomNamed(restored, 'Backed up')).toEqual([{ id: roomId }]);
      } finally {
        await restored.close();
      }
    } finally {
      await source.close();
      await target.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
