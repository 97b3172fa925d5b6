import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VITALS_RATE_LIMIT } from '../../../src/routes/api/vitals';
import { startTestApp, type TestApp } from '../../support/test-app';

let server: TestApp;

beforeAll(async () => {
  server = await startTestApp({ TRUST_PROXY: 'true' });
});

afterAll(async () => {
  await server?.close();
});

function report(body: unknown, ip = '203.0.113.7') {
  return fetch(`${server.url}/api/vitals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
}

async function metricLine(name: string): Promise<string | undefined> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return text.split('\n').find((line) => line.startsWith(name));
}

describe('POST /api/vitals', () => {
  it('counts LCP, INP and CLS into /metrics histograms by page', async () => {
    const response = await report({
      page: 'game',
      metrics: [
        { name: 'LCP', value: 1800 },
        { name: 'INP', value: 120 },
        { name: 'CLS', value: 0.04 },
      ],
    });
    expect(response.status).toBe(204);
    // Milliseconds arrive; seconds are kept.
    expect(await metricLine('web_vitals_lcp_seconds_bucket{le="2",page="game"}')).toMatch(/ 1$/);
    expect(await metricLine('web_vitals_lcp_seconds_bucket{le="1.5",page="game"}')).toMatch(/ 0$/);
    expect(await metricLine('web_vitals_lcp_seconds_sum{page="game"}')).toBe(
      'web_vitals_lcp_seconds_sum{page="game"} 1.8',
    );
    expect(await metricLine('web_vitals_inp_seconds_bucket{le="0.2",page="game"}')).toMatch(/ 1$/);
    expect(await metricLine('web_vitals_cls_bucket{le="0.05",page="game"}')).toMatch(/ 1$/);
    // Pages that reported nothing are there, at zero.
    expect(await metricLine('web_vitals_cls_count{page="login"}')).toBe(
      'web_vitals_cls_count{page="login"} 0',
    );
  });

  it('refuses malformed reports with a readable 400 and counts nothing', async () => {
    const bad = [
      { page: 'game', metrics: [] },
      { page: 'game', metrics: [{ name: 'FID', value: 10 }] },
      { page: 'game', metrics: [{ name: 'LCP', value: -5 }] },
      { page: 'game', metrics: [{ name: 'CLS', value: 'a lot' }] },
      { page: 'nowhere', metrics: [{ name: 'LCP', value: 100 }] },
      { page: 'game', metrics: [{ name: 'LCP', value: 100, extra: true }] },
      { page: 'game', metrics: Array.from({ length: 11 }, () => ({ name: 'CLS', value: 0 })) },
    ];
    for (const body of bad) {
      const response = await report(body, '203.0.113.8');
      expect(response.status).toBe(400);
      const error = (await response.json()) as { message: string };
      expect(error.message).toBeTruthy();
    }
    expect(await metricLine('web_vitals_lcp_seconds_count{page="lobby"}')).toBe(
      'web_vitals_lcp_seconds_count{page="lobby"} 0',
    );
  });

  it('rate-limits each address', async () => {
    const body = { page: 'lobby', metrics: [{ name: 'CLS', value: 0.01 }] };
    for (let i = 0; i < VITALS_RATE_LIMIT.max; i += 1) {
      expect((await report(body, '198.51.100.9')).status).toBe(204);
    }
    const limited = await report(body, '198.51.100.9');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await limited.json()) as { message: string }).message).toMatch(/too many/i);
    // Another address is not affected.
    expect((await report(body, '198.51.100.10')).status).toBe(204);
    expect(await metricLine('web_vitals_cls_count{page="lobby"}')).toBe(
      `web_vitals_cls_count{page="lobby"} ${VITALS_RATE_LIMIT.max + 1}`,
    );
  });
});
