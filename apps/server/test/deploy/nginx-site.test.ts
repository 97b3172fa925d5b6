import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connect as tlsConnect, getCiphers } from 'node:tls';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetRedisKeys } from '../support/cluster';
import { createScratchDatabase, freePort, vapidKeyEnv } from '../support/test-app';
import {
  deployDir,
  findBinary,
  httpsGet,
  httpsRequest,
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
const HSTS = 'max-age=31536000; includeSubDomains';
const PROCESSES = 2;

describe.skipIf(unavailable)('the deploy recipe behind nginx', () => {
  let dir: string;
  let ca: string;
  let site: string;
  let plainSite: string;
  let httpsPort: number;
  let accessLog: string;
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

    let httpPort: number;
    [httpsPort, httpPort] = [await freePort(), await freePort()];
    accessLog = path.join(dir, 'logs/access.log');
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
      ...vapidKeyEnv(),
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
      ACCESS_LOG: accessLog,
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

  it('serves the app over HTTPS, HSTS on, and sends plain HTTP there, port and all', async () => {
    const page = await httpsGet(`${site}/`, ca, { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root"');
    expect(page.headers['strict-transport-security']).toBe(HSTS);
    const health = await httpsGet(`${site}/health`, ca);
    expect(health.status).toBe(200);
    // The HTTPS port is not 443 here: the redirect keeps it.
    const plain = await fetch(`${plainSite}/login?next=%2Fhost`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe(`https://localhost:${httpsPort}/login?next=%2Fhost`);
    // No version in nginx's answers.
    expect(plain.headers.get('server')).toBe('nginx');
    expect(await plain.text()).not.toMatch(/nginx\/\d/);
  });

  it("puts HSTS on nginx's own answers too, once", async () => {
    const refused = await httpsGet(`${site}/metrics`, ca);
    expect(refused.status).toBe(404);
    expect(refused.headers['strict-transport-security']).toBe(HSTS);
    expect(refused.headers.server).toBe('nginx');
    expect(refused.body).not.toMatch(/nginx\/\d/);
    // Larger than client_max_body_size: nginx answers 413 without asking a process.
    const tooLarge = await httpsRequest(
      'POST',
      `${site}/api/host/rooms`,
      ca,
      { 'content-type': 'application/json' },
      'x'.repeat(17 << 20),
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers['strict-transport-security']).toBe(HSTS);
    // A location with headers of its own (the assets') keeps it; the app's answers have it once.
    const page = await httpsGet(`${site}/`, ca, { accept: 'text/html' });
    const asset = /\/assets\/[\w.-]+\.js/.exec(page.body)![0];
    expect((await httpsGet(`${site}${asset}`, ca)).headers['strict-transport-security']).toBe(HSTS);
    expect((await httpsGet(`${site}/api/auth/providers`, ca)).headers['strict-transport-security']).toBe(
      HSTS,
    );
  });

  it('offers TLS 1.2 only with forward secrecy (ECDHE)', async () => {
    // Every TLS 1.2 suite this machine's OpenSSL knows, offered alone: the ones nginx takes.
    const accepted: string[] = [];
    for (const cipher of getCiphers().filter((name) => !name.startsWith('tls_'))) {
      const agreed = await new Promise<string | undefined>((resolve) => {
        try {
          const socket = tlsConnect({
            host: '127.0.0.1',
            port: httpsPort,
            servername: 'localhost',
            ca,
            ciphers: cipher.toUpperCase(),
            minVersion: 'TLSv1.2',
            maxVersion: 'TLSv1.2',
          });
          socket.once('secureConnect', () => {
            resolve(socket.getCipher().name);
            socket.destroy();
          });
          socket.once('error', () => resolve(undefined));
        } catch {
          resolve(undefined); // This OpenSSL will not offer it at all.
        }
      });
      if (agreed) accepted.push(agreed);
    }
    expect(accepted).toContain('ECDHE-RSA-AES128-GCM-SHA256');
    expect(accepted.filter((name) => !name.startsWith('ECDHE-'))).toEqual([]);
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

  it('logs no query, no secret path and no Referer: no secret the product mails reaches the access log', async () => {
    const secret = (name: string) => `${name}-${randomBytes(12).toString('base64url')}`;
    const secrets = {
      resetLink: secret('oob'),
      unsubscribePage: secret('unsub'),
      oneClick: secret('oneclick'),
      oldAppCheck: secret('oldcheck'),
      encodedCheck: secret('encoded'),
      betterAuthLink: secret('ba'),
      invitePage: secret('invite'),
      inviteCard: secret('card'),
      encodedInvite: secret('encinvite'),
      referer: secret('referer'),
      appCheck: secret('body'),
    };
    await httpsGet(`${site}/forgot-password?oobCode=${secrets.resetLink}`, ca, { accept: 'text/html' });
    await httpsGet(`${site}/unsubscribe?token=${secrets.unsubscribePage}`, ca, { accept: 'text/html' });
    await httpsRequest(
      'POST',
      `${site}/api/safety/unsubscribe?token=${secrets.oneClick}`,
      ca,
      { 'content-type': 'application/x-www-form-urlencoded' },
      'List-Unsubscribe=One-Click',
    );
    await httpsGet(`${site}/api/auth/reset-code/${secrets.oldAppCheck}`, ca);
    await httpsGet(`${site}/api/auth/reset%2Dcode/${secrets.encodedCheck}`, ca);
    await httpsGet(`${site}/api/auth/reset-password/${secrets.betterAuthLink}?callbackURL=%2F`, ca);
    await httpsGet(`${site}/invite/${secrets.invitePage}`, ca, { accept: 'text/html' });
    await httpsGet(`${site}/invite/${secrets.inviteCard}/card.png?v=1`, ca);
    await httpsGet(`${site}/invite%2F${secrets.encodedInvite}`, ca, { accept: 'text/html' });
    await httpsGet(`${site}/health`, ca, {
      referer: `${site}/forgot-password?oobCode=${secrets.referer}`,
    });
    await httpsRequest(
      'POST',
      `${site}/api/auth/reset-code`,
      ca,
      { 'content-type': 'application/json', origin: site },
      JSON.stringify({ code: secrets.appCheck }),
    );
    // The last request's line: nginx writes each once its answer is sent.
    const marker = `/log-marker-${randomUUID()}`;
    await httpsGet(`${site}${marker}`, ca);
    const deadline = Date.now() + 10_000;
    let log = '';
    while (!log.includes(marker) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      log = await readFile(accessLog, 'utf8');
    }
    expect(log).toContain(marker);
    for (const [name, value] of Object.entries(secrets)) {
      expect(log.includes(value), `${name} in the access log:\n${log}`).toBe(false);
    }
    // What is kept: which page or endpoint, and that a query was there.
    expect(log).toContain('"GET /forgot-password?[redacted] HTTP/1.1" 200');
    expect(log).toContain('"POST /api/safety/unsubscribe?[redacted] HTTP/1.1"');
    expect(log).toContain('"GET /api/auth/reset-code/[redacted] HTTP/1.1"');
    expect(log).toContain('"POST /api/auth/reset-code HTTP/1.1"');
    expect(log).toContain('"GET /invite/[redacted] HTTP/1.1" 404');
    expect(log).toContain('"GET /invite/[redacted]?[redacted] HTTP/1.1" 404');
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
