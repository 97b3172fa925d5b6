import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_ONLY_MESSAGE } from '../../src/app';
import { forgetRedisKeys } from '../support/cluster';
import { createScratchDatabase, freePort, vapidKeyEnv } from '../support/test-app';
import { findBinary, root, run } from './deploy-support';

/**
 * docs/operations.md followed word for word: its commands are read from the page itself and run
 * in bash, in order (first deploy, settings, migrate, start, check, upgrade, back up, restore,
 * restore check). What a test machine cannot do is stood in for by shell functions that do the
 * same here (systemd starts the compiled server with the environment file, sudo runs the command,
 * the release's `git clone` is this checkout, its `npm ci` the packages already installed), and
 * the page's example paths, ports and names are swapped for this test's own. Each swap must find
 * its text: a page edited out of step with this test fails it, rather than running something else.
 * (nginx-site.test.ts runs the nginx site; backup.test.ts the embedded database's online copy.)
 */
const runbook = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
const tools = ['pg_dump', 'pg_restore', 'createdb', 'psql', 'curl'];
const missing = tools.filter((tool) => !findBinary(tool));
const unavailable = !process.env.DATABASE_URL
  ? 'needs DATABASE_URL and REDIS_URL (CI runs the server suite a second time with both)'
  : missing.length > 0
    ? `needs ${missing.join(', ')}: run \`sudo apt-get install -y postgresql-client curl\``
    : undefined;

/** What a test machine cannot do, stood in for (sourced before each command). */
const STAND_INS = 'apps/server/test/deploy/runbook-stand-ins.sh';

/** The text of a `## ` section. */
function section(title: string): string {
  const start = runbook.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`docs/operations.md has no section "${title}"`);
  const end = runbook.indexOf('\n## ', start + 1);
  return runbook.slice(start, end < 0 ? undefined : end);
}

/** The `sh` blocks of a text, without their indentation. */
function shellBlocks(text: string): string[] {
  return [...text.matchAll(/^( *)```sh\n([^]*?)^ *```$/gm)].map(([, indent, body]) =>
    body!
      .split('\n')
      .map((line) => line.slice(indent!.length))
      .join('\n'),
  );
}

/** The inline code spans of a text that start with `start`. */
function inlineCommands(text: string, start: string): string[] {
  return [...text.matchAll(/`([^`\n]+)`/g)].map(([, code]) => code!).filter((code) => code.startsWith(start));
}

/** Swaps each example for this machine's own; an example the text lacks is an error. */
function swapped(text: string, swaps: [string, string][]): string {
  let result = text;
  for (const [example, own] of swaps) {
    if (!result.includes(example)) throw new Error(`expected "${example}" in:\n${text}`);
    result = result.replaceAll(example, own);
  }
  return result;
}

describe.skipIf(unavailable)(
  `docs/operations.md, word for word${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let dir: string;
    let ports: [number, number];
    let restoredName: string;
    const cleanups: (() => Promise<unknown>)[] = [];
    /** The page's names for things on a production machine, and this test's. */
    let releases: [string, string][];
    let environmentFile: [string, string];
    let processPorts: [string, string][];
    let restoredUrl: string;
    let roomName: string;
    let databaseUrl: string;
    let redisPrefix: string;

    /** Runs commands in bash with the stand-ins; resolves with what they printed. */
    async function shell(commands: string, env: Record<string, string> = {}): Promise<string> {
      const { stdout } = await run('bash', ['-c', `. "$ROOT/${STAND_INS}"\n${commands}`], {
        cwd: dir,
        maxBuffer: 32 << 20,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          RUN: dir,
          ROOT: root,
          PORTS: ports.join(' '),
          REPOSITORY: root,
          // createdb, psql: the machine's PostgreSQL as its superuser (the page's `sudo -u postgres`).
          PGHOST: new URL(process.env.DATABASE_URL!).hostname,
          PGPORT: new URL(process.env.DATABASE_URL!).port || '5432',
          PGUSER: new URL(process.env.DATABASE_URL!).username || 'postgres',
          ...env,
        },
      });
      return stdout;
    }

    /** Polls a URL until it answers, as the page's checks do with curl. */
    async function answered(url: string, timeoutMs = 60_000): Promise<Response> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        try {
          return await fetch(url);
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    }

    const pidOf = async (port: number) => Number(await readFile(path.join(dir, `${port}.pid`), 'utf8'));

    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-runbook-'));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      const database = await createScratchDatabase(process.env.DATABASE_URL!);
      cleanups.push(() => database.drop());
      restoredName = `ruthless_restored_${randomUUID().replaceAll('-', '')}`;
      const admin = new URL(process.env.DATABASE_URL!);
      admin.pathname = `/${restoredName}`;
      restoredUrl = admin.toString();
      ports = [await freePort(), await freePort()];
      releases = [
        ['/srv/ruthless', `${dir}/srv`],
        ['<repository>', '"$REPOSITORY"'],
      ];
      environmentFile = ['/etc/ruthless/ruthless.env', `${dir}/ruthless.env`];
      processPorts = [
        ['3001', String(ports[0])],
        ['3002', String(ports[1])],
      ];
      roomName = `Runbook room ${randomUUID().slice(0, 8)}`;
      const prefix = `test:runbook:${randomUUID()}:`;
      // `--owner ruthless`, as the page creates it.
      await run('psql', [
        process.env.DATABASE_URL!,
        '-c',
        'do $$ begin create role ruthless; exception when duplicate_object then null; end $$',
      ]);
      cleanups.push(() => forgetRedisKeys(prefix));
      cleanups.push(async () => {
        await run('psql', [
          '-h',
          admin.hostname,
          '-U',
          admin.username || 'postgres',
          '-d',
          'postgres',
          '-c',
          `drop database if exists ${restoredName} with (force)`,
        ]).catch(() => {});
      });
      cleanups.push(async () => {
        for (const port of [...ports, 'restore-check']) {
          const pid = Number(await readFile(path.join(dir, `${port}.pid`), 'utf8').catch(() => '0'));
          if (pid) {
            try {
              // The restore check's session (npm and its server) or one server process.
              process.kill(port === 'restore-check' ? -pid : pid, 'SIGTERM');
            } catch {
              // Gone already.
            }
          }
        }
      });
      databaseUrl = database.url;
      redisPrefix = prefix;
    });

    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    });

    it('First deploy: the release, built once, and the settings, which a shell reads as systemd does', async () => {
      const firstDeploy = section('First deploy');
      const [release, settings] = shellBlocks(firstDeploy);
      await shell(swapped(release!, releases));
      // What `npm start` checks first: after `npm run build` there is nothing left to build.
      const startChecks = await shell(
        'cd "$RUN/srv/current" && node scripts/build-web.mjs && node scripts/build-server.mjs',
      );
      expect(startChecks).toContain('Web app is up to date');
      expect(startChecks).not.toContain('Server compiled');
      await shell(`cd "$ROOT"\n${swapped(settings!, [environmentFile, ['/etc/ruthless', dir]])}`);

      // The operator fills the file in: secrets as the page makes them, this machine's addresses.
      const secret = () => randomBytes(32).toString('base64');
      const filled: Record<string, string> = {
        // Production wants https: nginx gives it (nginx-site.test.ts); here the processes are reached directly.
        PUBLIC_URL: `https://127.0.0.1:${ports[0]}`,
        AUTH_SECRET: secret(),
        METRICS_TOKEN: secret(),
        BACKUP_TOKEN: secret(),
        DATABASE_URL: databaseUrl,
        REDIS_URL: process.env.REDIS_URL!,
        REDIS_PREFIX: redisPrefix,
        SMTP_URL: 'smtp://127.0.0.1:9',
        // The page's `npx web-push generate-vapid-keys`.
        ...vapidKeyEnv(),
        DATA_DIR: path.join(dir, 'data'),
        LOG_LEVEL: 'warn',
      };
      const file = path.join(dir, 'ruthless.env');
      const lines = (await readFile(file, 'utf8')).split('\n').map((line) => {
        const name = /^([A-Z_]+)=/.exec(line)?.[1];
        return name && name in filled ? `${name}=${filled[name]}` : line;
      });
      await writeFile(file, lines.join('\n'));

      // Settings: "systemd reads the file and so does a shell (`set -a; . … ; set +a`)".
      const [source] = inlineCommands(firstDeploy, 'set -a; .');
      const read = await shell(
        `${swapped(source!, [environmentFile])}\necho "$MAIL_FROM|$METRICS_TOKEN|$NODE_ENV"`,
      );
      expect(read.trim()).toBe(`Ruthless <no-reply@play.example.com>|${filled.METRICS_TOKEN}|production`);
    });

    it('First deploy: migrates, starts the processes, and the checks answer', async () => {
      const firstDeploy = section('First deploy');
      // ruthless-migrate.service, then `systemctl enable --now ruthless.target`.
      const migrated = await shell('systemctl restart ruthless-migrate');
      expect(migrated).toMatch(/Migrated PostgreSQL at [\w.]+:\d+\/ruthless_test_\w+\./);
      const [processes] = shellBlocks(firstDeploy.slice(firstDeploy.indexOf('5. **The processes**')));
      await shell(
        processes!
          .split('\n')
          // The units are copied and loaded by systemd itself, which is not here.
          .filter((line) => !/^(cp deploy\/systemd|systemctl daemon-reload)/.test(line))
          .join('\n'),
      );
      for (const port of ports) expect((await answered(`http://127.0.0.1:${port}/health`)).status).toBe(200);

      // 7. Check: the health through the public address (here the first process) and the metrics.
      const checks = inlineCommands(firstDeploy.slice(firstDeploy.indexOf('7. **Check**')), 'curl -fsS');
      expect(checks).toHaveLength(2);
      const health = await shell(
        swapped(checks[0]!, [['https://play.example.com', `http://127.0.0.1:${ports[0]}`]]),
      );
      expect(JSON.parse(health)).toMatchObject({ status: 'ok' });
      const metrics = await shell(
        `set -a; . "$RUN/ruthless.env"; set +a\n${swapped(checks[1]!, [processPorts[0]!])}`,
      );
      expect(metrics).toContain('# TYPE');

      // A room for the backup to carry.
      await run('psql', [
        databaseUrl,
        '-c',
        `insert into rooms (name, image) values ('${roomName}', '/rooms/ruby-rush.svg')`,
      ]);
    });

    it('Upgrade: the new release migrated, then each process restarted and healthy in turn', async () => {
      const before = await Promise.all(ports.map(pidOf));
      const [upgrade] = shellBlocks(section('Upgrade'));
      const output = await shell(swapped(upgrade!, [...releases, ...processPorts]));
      expect(output).toMatch(/Migrated PostgreSQL/);
      expect(output).not.toMatch(/is not healthy/);
      const after = await Promise.all(ports.map(pidOf));
      for (const [i, port] of ports.entries()) {
        expect(after[i], `ruthless@${port} restarted`).not.toBe(before[i]);
        expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
      }
    });

    it('Back up and restore: pg_dump, a fresh database, and a restore check that serves reads only', async () => {
      const backUp = section('Back up and restore');
      const [dump, restore] = shellBlocks(backUp);
      await shell(
        `mkdir -p "$RUN/backups"\nset -a; . "$RUN/ruthless.env"; set +a\n${swapped(dump!, [['/var/backups/ruthless', `${dir}/backups`]])}`,
      );
      await shell(
        swapped(restore!, [
          ['ruthless_restored', restoredName],
          [`postgresql://ruthless:…@127.0.0.1:5432/${restoredName}`, restoredUrl],
          ['ruthless-2026-11-25-2100.dump', '"$RUN"/backups/ruthless-*.dump'],
        ]),
      );

      // The restore check, as the page gives it: its own port, no Redis, READ_ONLY.
      const [check] = inlineCommands(backUp, 'PORT=3900 DATABASE_URL=');
      const checkPort = await freePort();
      const command = swapped(check!, [
        ['3900', String(checkPort)],
        [`…/${'ruthless_restored'}`, restoredUrl],
      ]);
      // In a session of its own, so that npm and the server it starts stop together.
      await shell(
        `cd "$ROOT"\nset -a; . "$RUN/ruthless.env"; set +a\nsetsid env ${command} >"$RUN/restore-check.log" 2>&1 &\necho $! >"$RUN/restore-check.pid"`,
      );
      const base = `http://127.0.0.1:${checkPort}`;
      expect((await answered(`${base}/health`, 90_000)).status).toBe(200);
      const lobby = await fetch(`${base}/api/rooms?operator=enlivon`);
      expect(lobby.status).toBe(200);
      expect(await lobby.text()).toContain(roomName);
      const write = await fetch(`${base}/api/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(write.status).toBe(503);
      expect(await write.text()).toContain(READ_ONLY_MESSAGE);
    });
  },
);
