import { copyFile, mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@ruthless/protocol';
import { startTestApp, type TestApp } from './support/test-app';

// A stand-in build of the web app, so these tests do not depend on `vite build` having run.
const PRECOMPRESSED_JS = 'console.log("precompressed");'.repeat(200);
const INDEX_HTML = `<!doctype html><html><head><title>Ruthless</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(200)}</body></html>`;

let server: TestApp;

beforeAll(async () => {
  const webDist = await mkdtemp(path.join(os.tmpdir(), 'ruthless-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
  // The web app's own robots.txt (vite copies public/ into the build as it is).
  await copyFile(new URL('../../web/public/robots.txt', import.meta.url), path.join(webDist, 'robots.txt'));
  await writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log("app");'.repeat(200));
  // The build's brotli copy beside a file (apps/web/vite/precompress.ts).
  await writeFile(path.join(webDist, 'assets', 'pre-abc123.js'), PRECOMPRESSED_JS);
  await writeFile(path.join(webDist, 'assets', 'pre-abc123.js.br'), brotliCompressSync(PRECOMPRESSED_JS));
  server = await startTestApp({}, { webDist });
});

afterAll(async () => {
  await server?.close();
});

describe('GET /health', () => {
  it('answers 200 with JSON when the database answers', async () => {
    const response = await fetch(`${server.url}/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = await response.json();
    expect(body).toMatchObject({
      status: 'ok',
      database: 'up',
      databaseKind: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      redis: process.env.REDIS_URL ? 'up' : 'not-configured',
    });
  });
});

describe('the web app', () => {
  it('falls back to index.html for client routes', async () => {
    for (const route of ['/', '/login', '/game/123', '/purchase/a/b', '/profile']) {
      const response = await fetch(`${server.url}${route}`, { headers: { accept: 'text/html' } });
      expect(response.status, route).toBe(200);
      expect(await response.text(), route).toContain('<div id="root">');
    }
  });

  it('serves the app to a GET without an Accept header (curl, link previews, probes)', async () => {
    for (const route of ['/login', '/game/123', '/purchase/a/b']) {
      const response = await fetch(`${server.url}${route}`, { headers: { accept: '' } });
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type'), route).toContain('text/html');
      expect(await response.text(), route).toContain('<div id="root">');
    }
    for (const route of ['/api', '/api/nothing-here', '/socket.io/nothing', '/assets/missing.js']) {
      const response = await fetch(`${server.url}${route}`, { headers: { accept: '' } });
      expect(response.status, route).toBeGreaterThanOrEqual(400);
      expect(await response.text(), route).not.toContain('<div id="root">');
    }
  });

  it('serves robots.txt and assets with long caching, compressed', async () => {
    const robots = await fetch(`${server.url}/robots.txt`);
    expect(robots.status).toBe(200);
    // The landing page is let in; the rest is kept out.
    const body = await robots.text();
    expect(body).toContain('Allow: /login');
    for (const disallowed of ['/api/', '/game/', '/purchase/', '/profile', '/forgot-password', '/dev/']) {
      expect(body).toContain(`Disallow: ${disallowed}`);
    }
    const asset = await fetch(`${server.url}/assets/app-abc123.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
  });

  it("sends the build's brotli copy of a file as it is, to a browser that accepts brotli", async () => {
    const { request } = await import('node:http');
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      request(`${server.url}/assets/pre-abc123.js`, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
    expect(raw.headers['content-encoding']).toBe('br');
    expect(raw.headers['content-type']).toContain('javascript');
    expect(raw.headers['cache-control']).toContain('immutable');
    expect(raw.body).toEqual(brotliCompressSync(PRECOMPRESSED_JS));
    expect(brotliDecompressSync(raw.body).toString()).toBe(PRECOMPRESSED_JS);
    // Without a copy for the encoding asked, the file is compressed on the way as before.
    const gzip = await fetch(`${server.url}/assets/pre-abc123.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(PRECOMPRESSED_JS);
  });

  it('compresses the app shell', async () => {
    const { request } = await import('node:http');
    const raw = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      request(
        `${server.url}/login`,
        { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
          );
        },
      )
        .on('error', reject)
        .end();
    });
    expect(raw.encoding).toBe('gzip');
    expect(gunzipSync(raw.body).toString()).toBe(INDEX_HTML);
  });

  it('answers unknown API routes and missing files with a JSON 404, not the app', async () => {
    const api = await fetch(`${server.url}/api/nothing-here`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({
      statusCode: 404,
      message: 'Route GET /api/nothing-here not found',
    });
    const file = await fetch(`${server.url}/assets/missing.js`);
    expect(file.status).toBe(404);
  });

  it('sends security headers', async () => {
    const response = await fetch(`${server.url}/login`, { headers: { accept: 'text/html' } });
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('API documentation', () => {
  it('publishes an OpenAPI document generated from the zod schemas', async () => {
    const response = await fetch(`${server.url}/api/docs/json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      info: { title: string };
      paths: Record<
        string,
        Record<
          string,
          {
            responses: Record<
              string,
              { content: Record<string, { schema: { properties: Record<string, { enum?: string[] }> } }> }
            >;
          }
        >
      >;
    };
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('Ruthless API');
    const health = document.paths['/health']!.get!;
    expect(health.responses['200']!.content['application/json']!.schema.properties.database!.enum).toEqual([
      'up',
      'down',
    ]);
  });

  it('is browsable at /api/docs', async () => {
    const response = await fetch(`${server.url}/api/docs`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('swagger-ui');
  });
});

describe('realtime and metrics', () => {
  let socket: Socket<ServerToClientEvents, ClientToServerEvents>;

  afterAll(() => {
    socket?.disconnect();
  });

  it('accepts Socket.IO connections on the same port and answers a clock ping', async () => {
    socket = connectSocket(server.url, { transports: ['websocket'], reconnection: false });
    await new Promise((resolve, reject) => {
      socket.on('connect', () => resolve(undefined));
      socket.on('connect_error', reject);
    });
    const serverTime = await socket.timeout(5000).emitWithAck('ping');
    expect(Math.abs(serverTime - Date.now())).toBeLessThan(5000);
  });

  it('exposes Prometheus metrics: requests, latency, sockets and event-loop lag', async () => {
    await fetch(`${server.url}/health`);
    const response = await fetch(`${server.url}/metrics`);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/health",status_code="200"\} \d+/);
    expect(text).toContain('http_request_duration_seconds_bucket');
    expect(text).toMatch(/^socketio_connected_sockets 1$/m);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});

describe('errors', () => {
  it('refuses a malformed JSON body with a 4xx JSON message, never a 500', async () => {
    const response = await fetch(`${server.url}/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken":',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(((await response.json()) as { message: string }).message).toBeTruthy();
  });
});

describe('POST /api/landing/visit', () => {
  it("logs the landing's campaign parameters and refuses anything else", async () => {
    const post = (body: unknown) =>
      fetch(`${server.url}/api/landing/visit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post({ utm_source: 'newsletter', utm_campaign: 'launch' })).status).toBe(204);
    const unknown = await post({ utm_source: 'x', password: 'secret' });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toContain('Unrecognized key');
    const long = await post({ utm_medium: 'x'.repeat(101) });
    expect(((await long.json()) as { message: string }).message).toBe(
      'UTM values can be at most 100 characters',
    );
  });
});

describe('when the database stops answering', () => {
  it('reports 503 on /health', async () => {
    await server.app.database.close();
    const response = await fetch(`${server.url}/health`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'unavailable', database: 'down' });
  });
});
