import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, waitForHealth } from './support/test-app';

const serverDir = path.resolve(import.meta.dirname, '..');

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DEMO: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('the server process', () => {
  let dataDir: string;
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('starts, shuts down cleanly on SIGTERM and starts again on the same embedded database', async () => {
    // The embedded database is the point of this test; the PostgreSQL run covers the other.
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-lifecycle-'));
    const port = await freePort();
    const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };
    const url = `http://127.0.0.1:${port}`;

    const first = startServer(env);
    expect((await waitForHealth(url, 90_000)).status).toBe(200);
    const firstExit = exitOf(first);
    first.kill('SIGTERM');
    expect(await firstExit).toBe(0);

    const second = startServer(env);
    const health = await waitForHealth(url, 90_000);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ database: 'up', databaseKind: 'pglite' });
    const secondExit = exitOf(second);
    second.kill('SIGINT');
    expect(await secondExit).toBe(0);
  }, 240_000);
});
