// Starts the real server for the browser tests on a fresh embedded database with demo data.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// One folder per port, so two runs side by side never share an embedded database.
const dataDir = path.join(root, 'test-results', `e2e-data-${process.env.PORT ?? 3999}`);
rmSync(dataDir, { recursive: true, force: true });

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    DEMO: 'true',
    // Browser tests play many players from one machine: each names its own address, as a proxy would.
    TRUST_PROXY: 'true',
    ADMIN_EMAILS: 'host@ruthless.test',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
