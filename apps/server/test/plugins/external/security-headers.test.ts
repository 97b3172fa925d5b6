import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config';
import { startTestApp, type TestApp } from '../../support/test-app';

/** The CSP's directives as a map: name -> sources. */
function directives(header: string | null): Map<string, string[]> {
  expect(header).toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

let plain: TestApp;
let configured: TestApp;

beforeAll(async () => {
  const webDist = await mkdtemp(path.join(os.tmpdir(), 'ruthless-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  plain = await startTestApp(
    { PUBLIC_URL: 'http://play.ruthless.test:8080', TRUST_PROXY: 'true' },
    { webDist },
  );
  configured = await startTestApp(
    {
      PUBLIC_URL: 'https://play.ruthless.test',
      VIDEO_ORIGINS: 'https://video.example.com, https://cdn.example.net/',
      EMBED_ORIGINS: 'https://overlay.example.org',
    },
    { webDist },
  );
});

// Two apps, each with its own embedded database: CI's parallel suite once took over the default
// 60 s to close them one after the other.
afterAll(async () => {
  await Promise.all([plain?.close(), configured?.close()]);
}, 120_000);

describe('security headers', () => {
  it('allow exactly our origin and socket, no inline script, no framing', async () => {
    const response = await fetch(`${plain.url}/login`, { headers: { accept: 'text/html' } });
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://play.ruthless.test:8080']);
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    // Plain HTTP: no HSTS.
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('send HSTS only when the request came over HTTPS', async () => {
    const response = await fetch(`${plain.url}/login`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const api = await fetch(`${plain.url}/health`);
    expect(api.headers.get('strict-transport-security')).toBeNull();
  });

  it('allow the configured video origins and the secure socket of the public address', async () => {
    const response = await fetch(`${configured.url}/game/abc`);
    const csp = directives(response.headers.get('content-security-policy'));
    const video = ['https://video.example.com', 'https://cdn.example.net'];
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:', ...video]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'wss://play.ruthless.test', ...video]);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
  });

  it('let only the configured origins embed preview mode, and nothing else', async () => {
    const preview = await fetch(`${configured.url}/game/abc?preview=1`);
    expect(directives(preview.headers.get('content-security-policy')).get('frame-ancestors')).toEqual([
      'https://overlay.example.org',
    ]);
    expect(preview.headers.get('x-frame-options')).toBeNull();

    for (const page of ['/game/abc', '/login?preview=1', '/game/abc/x?preview=1', '/']) {
      const response = await fetch(`${configured.url}${page}`);
      expect(directives(response.headers.get('content-security-policy')).get('frame-ancestors')).toEqual([
        "'none'",
      ]);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
    // Without EMBED_ORIGINS, preview mode is not embeddable either.
    const unconfigured = await fetch(`${plain.url}/game/abc?preview=1`);
    expect(unconfigured.headers.get('x-frame-options')).toBe('DENY');
  });

  it('refuse an origin list with a path or another scheme at start', () => {
    expect(() => loadConfig({ VIDEO_ORIGINS: 'https://video.example.com/live' })).toThrow(
      /VIDEO_ORIGINS expects a comma-separated list of origins/,
    );
    expect(() => loadConfig({ EMBED_ORIGINS: 'ftp://overlay.example.org' })).toThrow(
      /EMBED_ORIGINS expects a comma-separated list of origins/,
    );
  });
});
