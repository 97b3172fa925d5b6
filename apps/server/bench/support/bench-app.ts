import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createScratchDatabase } from '../../test/support/test-app';

export interface BenchApp {
  app: App;
  /** The app's own data folder, removed by `close`: a place for the bench's scratch files too. */
  dataDir: string;
  /** Closes the app, drops its scratch database and removes its folder. */
  close(): Promise<void>;
}

/**
 * The real app for a benchmark, not listening yet: a fresh embedded database, or with
 * DATABASE_URL a scratch database on that PostgreSQL (dropped by `close`), as in production.
 */
export async function startBenchApp(
  options: Parameters<typeof buildApp>[1],
  { useRedis = true }: { useRedis?: boolean } = {},
): Promise<BenchApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-bench-'));
  const scratch = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL)
    : undefined;
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DEMO: 'false',
      DATA_DIR: dataDir,
      PORT: '0',
      DATABASE_URL: scratch?.url,
      REDIS_URL: useRedis ? process.env.REDIS_URL : undefined,
    }),
    options,
  );
  return {
    app,
    dataDir,
    close: async () => {
      await app.close();
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The fan-out benchmarks' show: every stage brief but the draw, whose pace they measure. */
export function fanoutTimings(ballIntervalMs: number): Record<string, number> {
  return {
    greenRoomMs: 1000,
    reelsMs: 100,
    luckyFateMs: 100,
    ballIntervalMs,
    ruthlessMs: 300,
    revealMs: 100,
  };
}
