import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { Browser, signUp } from '../support/http';

let server: TestApp;

beforeAll(async () => {
  // As behind a load balancer: X-Forwarded-For names the client.
  server = await startTestApp(
    { TRUST_PROXY: 'true' },
    {
      reachablePublicUrl: true,
      accounts: {
        limits: {
          signInPerIp: { window: 60, max: 8 },
          signUpPerIp: { window: 60, max: 4 },
          resetRequestPerIp: { window: 60, max: 3 },
          failedSignInsPerAccount: { window: 900, max: 3 },
        },
        rateLimitPrefix: `test:${process.pid}:${Date.now()}:`,
      },
    },
  );
});

afterAll(async () => {
  await server?.close();
});

const TOO_MANY = {
  statusCode: 429,
  code: 'auth/too-many-requests',
  message: 'Too many unsuccessful attempts. Please try again later.',
};

// Each test comes from its own address (trustProxy reads X-Forwarded-For), as separate clients would.
const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('rate limits', () => {
  it('locks an account after 3 failed sign-ins, whatever the address', async () => {
    await signUp(server.url, 'alice@example.com', 'right-password');
    for (let i = 0; i < 3; i++) {
      const failed = await new Browser(server.url).post(
        '/api/auth/sign-in/email',
        { email: 'alice@example.com', password: 'wrong-password' },
        from(`10.0.1.${i}`),
      );
      expect(failed.status).toBe(401);
    }
    const locked = await new Browser(server.url).post(
      '/api/auth/sign-in/email',
      { email: 'alice@example.com', password: 'right-password' },
      from('10.0.1.99'),
    );
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual(TOO_MANY);
  });

  it("cannot be aimed at the owner's home address with an email that names it", async () => {
    // Signing up remembers 10.0.6.1 as the owner's address, with a counter of its own.
    await new Browser(server.url).post(
      '/api/auth/sign-up/email',
      { email: 'owner@example.com', password: 'right-password', name: 'Owner' },
      from('10.0.6.1'),
    );
    const forged: Response[] = [];
    for (let i = 0; i < 4; i++) {
      forged.push(
        await new Browser(server.url).post(
          '/api/auth/sign-in/email',
          { email: 'owner@example.com:10.0.6.1', password: 'wrong-password' },
          from(`10.0.7.${i}`),
        ),
      );
    }
    const home = await new Browser(server.url).post(
      '/api/auth/sign-in/email',
      { email: 'owner@example.com', password: 'right-password' },
      from('10.0.6.1'),
    );
    expect(home.status).toBe(200);
    // Not an email an account can have: refused before any counter is touched.
    for (const response of forged) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'auth/invalid-email' });
    }
  });

  it('limits sign-ins per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const response = await new Browser(server.url).post(
        '/api/auth/sign-in/email',
        { email: `nobody${i}@example.com`, password: 'whatever' },
        from('10.0.2.1'),
      );
      statuses.push(response.status);
      if (response.status === 429) expect(await response.json()).toEqual(TOO_MANY);
    }
    expect(statuses.slice(0, 8).every((status) => status === 401)).toBe(true);
    expect(statuses[8]).toBe(429);
  });

  it('limits sign-ups per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await new Browser(server.url).post(
        '/api/auth/sign-up/email',
        { email: `new${i}@example.com`, password: 'secret-1', name: 'New' },
        from('10.0.3.1'),
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('limits reset requests per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await new Browser(server.url).post(
        '/api/auth/request-password-reset',
        { email: `someone${i}@example.com` },
        from('10.0.4.1'),
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('limits reset requests per account', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await new Browser(server.url).post(
        '/api/auth/request-password-reset',
        { email: 'target@example.com' },
        from(`10.0.5.${i}`),
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('without a trusted proxy', () => {
  it('ignores X-Forwarded-For, so a client cannot dodge the limit by naming other addresses', async () => {
    const direct = await startTestApp(
      {},
      {
        reachablePublicUrl: true,
        // Its own counters: other files' sign-ups from 127.0.0.1 may share a Redis.
        accounts: {
          limits: { signUpPerIp: { window: 60, max: 2 } },
          rateLimitPrefix: `test:direct:${process.pid}:${Date.now()}:`,
        },
      },
    );
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await new Browser(direct.url).post(
          '/api/auth/sign-up/email',
          { email: `dodger${i}@example.com`, password: 'secret-pass-1', name: 'Dodger' },
          from(`10.9.9.${i}`),
        );
        statuses.push(response.status);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await direct.close();
    }
  });
});
