import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { makeDatabaseTemplates, type DatabaseTemplates } from './database-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated databases, which each test app starts from a copy of. */
    databaseTemplates: DatabaseTemplates;
    /**
     * Before the Redis keys of this run's apps (each test file adds its own part): files running
     * side by side on one Redis never see each other's broadcasts, limits or sessions.
     */
    redisRunPrefix: string;
  }
}

/** Vitest's globalSetup of the server suite: what every test file of a run shares, made once. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'ruthless-template-'));
  const templates = await makeDatabaseTemplates(folder, process.env.DATABASE_URL);
  // Short: REDIS_PREFIX takes 64 characters at most, and each file adds 9 (file-setup.ts).
  const redisRunPrefix = `test:${randomUUID().slice(0, 8)}:`;
  project.provide('databaseTemplates', {
    pgliteFolder: templates.pgliteFolder,
    postgresDatabase: templates.postgresDatabase,
  });
  project.provide('redisRunPrefix', redisRunPrefix);
  return async () => {
    await templates.drop();
    await rm(folder, { recursive: true, force: true });
    if (process.env.REDIS_URL) {
      const { forgetRedisKeys } = await import('./cluster');
      await forgetRedisKeys(redisRunPrefix);
    }
  };
}
