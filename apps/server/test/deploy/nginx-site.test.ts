import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetRedisKeys } from '../support/cluster';
import { createScratchDatabase, freePort } from '../support/test-app';
import {
  deployDir,
  findBinary,
  httpsGet,
  readEnvironmentFile,
  renderTemplate,
  root,
  run,
  startProcess,
} from './deploy-support';

/**
 * deploy/ for real (docs/operations.md): nginx with deploy/nginx/ruthless.conf as it is, filled in
 * with this test's ports and a certificate made here, in front of two production server processes
 * started as deploy/systemd/ruthless@.service starts them, with deploy/ruthless.env.example's
 * settings, on a database and Redis keys of their own.
 */
const nginx = findBinary('/usr/sbin/nginx', 'nginx');
const openssl = findBinary('openssl');
const unavailable =
  !process.env.DATABASE_URL || !process.env.REDIS_URL
    ? 'needs DATABASE_URL and REDIS_URL: two processes share PostgreSQL and Redis (CI runs the server suite a second time with both)'
    : !nginx
      ? 'needs nginx: run `sudo apt-get install -y nginx`'
      : !openssl
        ? 'needs openssl to make the certificate: run `sudo apt-get install -y openssl`'
        : undefined;

const METRICS_TOKEN = randomBytes(32).toString('base64url');
const PROCESSES = 2;

describe.skipIf(unavailable)('the deploy recipe behind nginx', () => {
  let dir: string;
  let ca: string;
  let site: string;
  let plainSite: string;
  let cleanups: (() => Promise<unknown>)[] = [];
  const servers: { port: number; process: ReturnType<typeof startProcess> }[] = [];
  let proxy: ReturnType<typeof startProcess>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-deploy-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));

    // What a deployment builds once (docs/operations.md, First deploy); both skip an up-to-date build.
    await run(process.execPath, ['scripts/build-web.mjs'], { cwd: root, maxBuffer: 32 << 20 });
    await run(process.execPath, ['scripts/build-server.mjs'], { cwd: root, maxBuffer: 32 << 20 });

    await run(openssl!, [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ]);
    ca = await readFile(path.join(dir, 'cert.pem'), 'utf8');

    const database = await createScratchDatabase(process.env.DATABASE_URL!);
    cleanups.push(() => database.drop());
    const prefix = `test:deploy:${randomUUID()}:`;
    cleanups.push(() => forgetRedisKeys(prefix));

    const [httpsPort, httpPort] = [await freePort(), await freePort()];
    site = `https://localhost:${httpsPort}`;
    plainSite = `http://localhost:${httpPort}`;
    // The recipe's environment file, with this machine's addresses and fresh secrets.
    const env = {
      PATH: process.env.PATH,
      ...readEnvironmentFile(path.join(deployDir, 'ruthless.env.example')),
      PUBLIC_URL: site,
      AUTH_SECRET: randomBytes(32).toString('base64'),
      METRICS_TOKEN,
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL!,
      REDIS_PREFIX: prefix,
      SMTP_URL: 'smtp://127.0.0.1:9',
      DATA_DIR: path.join(dir, 'data'),
      LOG_LEVEL: 'warn',
    };
    // ruthless-migrate.service: the migrations, once, before any process serves.
    await run('npm', ['run', 'migrate'], { cwd: root, env, maxBuffer: 32 << 20 });

    for (let i = 0; i < PROCESSES; i++) {
      const port = await freePort();
      // ruthless@<port>.service's ExecStart, with its Environment=PORT=%i HOST=127.0.0.1.
      const server = startProcess(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
      });
      servers.push({ port, process: server });
      await waitUntilServing(`http://127.0.0.1:${port}/health`, server);
    }

    const template = await readFile(path.join(deployDir, 'nginx/ruthless.conf'), 'utf8');
    const rendered = renderTemplate(template, {
      SERVER_NAME: 'localhost',
      HTTPS_PORT: httpsPort,
      HTTP_PORT: httpPort,
      CERTIFICATE: path.join(dir, 'cert.pem'),
      CERTIFICATE_KEY: path.join(dir, 'key.pem'),
      SERVERS: servers.map(({ port }) => `  server 127.0.0.1:${port} max_fails=0;`).join('\n'),
    });
    await writeFile(path.join(dir, 'ruthless.conf'), rendered);
    // The rest of nginx.conf as Debian ships it, with this test's own folders.
    await mkdir(path.join(dir, 'logs'));
    await writeFile(
      path.join(dir, 'nginx.conf'),
      [
        'worker_processes 1;',
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/logs/error.log warn;`,
        'daemon off;',
        'events { worker_connections 1024; }',
        'http {',
        '  include /etc/nginx/mime.types;',
        '  access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (temp) => `  ${temp}_temp_path ${dir}/${temp};`,
        ),
        `  include ${dir}/ruthless.conf;`,
        '}',
      ].join('\n'),
    );
    await run(nginx!, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')]);
    proxy = startProcess(
      nginx!,
      ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'logs/error.log')],
      process.env,
    );
    await waitUntilServing(`${site}/health`, proxy, ca);
  }, 600_000);

  afterAll(async () => {
    await proxy?.stop();
    for (const server of servers) await server.process.stop();
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups = [];
  });

  it('serves the app over HTTPS, HSTS on, and sends plain HTTP there', async () => {
    const page = await httpsGet(`${site}/`, ca, { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root"');
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const health = await httpsGet(`${site}/health`, ca);
    expect(health.status).toBe(200);
    const plain = await fetch(`${plainSite}/login`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe('https://localhost/login');
  });

  it('caches the hashed assets for a year', async () => {
    const page = await httpsGet(`${site}/`, ca, { accept: 'text/html' });
    const asset = /\/assets\/[\w.-]+\.js/.exec(page.body)?.[0];
    expect(asset, 'a script under /assets/ in index.html').toBeDefined();
    const answer = await httpsGet(`${site}${asset}`, ca);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([['websocket'], ['polling']] as const)(
    'connects a socket through it over %s',
    async (transport) => {
      const socket: Socket = connectSocket(site, {
        transports: [transport],
        ca,
        auth: { preview: true },
        reconnection: false,
      });
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        });
        expect(socket.io.engine.transport.name).toBe(transport);
      } finally {
        socket.disconnect();
      }
    },
  );

  it('keeps /metrics and /internal inside: refused through nginx, even with the token; read on each process', async () => {
    const outside = await httpsGet(`${site}/metrics`, ca, { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(outside.status).toBe(404);
    expect(outside.body).not.toContain('process_cpu');
    const backup = await httpsGet(`${site}/internal/backup`, ca, {
      authorization: `Bearer ${METRICS_TOKEN}`,
    });
    expect(backup.status).toBe(404);
    for (const { port } of servers) {
      const inside = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(inside.status).toBe(200);
      expect(await inside.text()).toContain('socketio_connected_sockets');
    }
  });

  it('has no dev mailbox', async () => {
    for (const accept of ['application/json', 'text/html']) {
      const answer = await httpsGet(`${site}/dev/mailbox`, ca, { accept });
      expect(answer.status).toBe(404);
      expect(answer.body).not.toContain('Dev mailbox');
    }
  });
});

/** Polls `url` until it answers 200, failing at once if the process behind it exits. */
async function waitUntilServing(
  url: string,
  process: ReturnType<typeof startProcess>,
  ca?: string,
): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (!process.alive()) throw new Error(`exited before serving ${url}:\n${process.output()}`);
    try {
      const status = ca ? (await httpsGet(url, ca)).status : (await fetch(url)).status;
      if (status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer in time:\n${process.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
