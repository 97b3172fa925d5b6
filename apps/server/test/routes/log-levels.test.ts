import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@ruthless/protocol';
import { users } from '../../src/db/schema';
import { Browser, identityToken, rawRequest, registeredPlayer } from '../support/http';
import { api } from '../support/live';
import { startTestApp, type TestApp } from '../support/test-app';

/** pino's numeric levels. */
const WARN = 40;
const ERROR = 50;

interface LogLine {
  level: number;
  msg?: string;
  err?: { stack?: string };
  [key: string]: unknown;
}

const HOST_EMAIL = 'host@example.com';
const lines: LogLine[] = [];
let server: TestApp;
let hostToken: string;

beforeAll(async () => {
  server = await startTestApp(
    { ADMIN_EMAILS: HOST_EMAIL, LOG_LEVEL: 'info' },
    {
      reachablePublicUrl: true,
      logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
    },
  );
  const host = await registeredPlayer(server.url, HOST_EMAIL);
  await server.app.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, HOST_EMAIL));
  hostToken = await identityToken(host.browser);
});

afterAll(async () => {
  await server?.close();
});

/** The log lines written while `act` ran (and its answer was sent). */
async function logged(act: () => Promise<unknown>): Promise<LogLine[]> {
  const from = lines.length;
  await act();
  // The response has left; the request's last line ("request completed") follows on the same tick.
  await new Promise((resolve) => setImmediate(resolve));
  return lines.slice(from);
}

const worst = (written: LogLine[]) => Math.max(0, ...written.map((line) => line.level));

describe('addresses in the log', () => {
  it('never hold a query or what follows /reset-password/, /reset-code/ or /invite/, however it is encoded', async () => {
    const secret = `secret-${Date.now()}`;
    const written = await logged(async () => {
      await fetch(`${server.url}/forgot-password?oobCode=${secret}`);
      await fetch(`${server.url}/api/auth/reset-password/${secret}?callbackURL=%2F`, { redirect: 'manual' });
      await fetch(`${server.url}/api/auth/reset-code/${secret}`);
      await fetch(`${server.url}/api/auth/RESET%2Dcode/${secret}%2Fmore/${secret}`);
      await fetch(`${server.url}/invite/${secret}`);
      await fetch(`${server.url}/invite/${secret}/card.png?v=1`);
      await fetch(`${server.url}/INVITE%2F${secret}`);
    });
    const urls = written.flatMap((line) => {
      const req = line.req as { url?: string } | undefined;
      return req?.url ? [req.url] : [];
    });
    expect(urls).toEqual([
      '/forgot-password?[redacted]',
      '/api/auth/reset-password/[redacted]?[redacted]',
      '/api/auth/reset-code/[redacted]',
      '/api/auth/RESET-code/[redacted]',
      '/invite/[redacted]',
      '/invite/[redacted]?[redacted]',
      '/INVITE/[redacted]',
    ]);
    expect(JSON.stringify(written)).not.toContain(secret);
  });
});

describe('invite codes in the log', () => {
  it('are never written: not the page, the card, the link asked for, nor the sign-up through it', async () => {
    const inviter = await registeredPlayer(server.url, `inviter-${Date.now()}@example.com`);
    let code = '';
    const written = await logged(async () => {
      const link = await api(server.url, 'GET', '/api/profile/invite', inviter.token);
      code = new URL(link.body.url as string).pathname.split('/').at(-1)!;
      const friend = new Browser(server.url);
      await friend.get(`/invite/${code}`);
      await friend.get(`/invite/${code}/card.png`);
      const signUp = await friend.post('/api/auth/sign-up/email', {
        email: `friend-${Date.now()}@example.com`,
        password: 'secret-pass-1',
        name: 'Fay Friend',
      });
      expect(signUp.status).toBe(200);
    });
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(written).toContainEqual(expect.objectContaining({ event: 'invite.joined' }));
    expect(JSON.stringify(written)).not.toContain(code);
  });
});

describe("a client's mistake is logged below error level", () => {
  it('refuses a reset-alias of player %00 with a 400 that is audited, without a stack trace', async () => {
    let status = 0;
    const written = await logged(async () => {
      status = (
        await rawRequest(server.url, 'POST', '/api/host/players/%00/reset-alias', {
          headers: { authorization: hostToken },
        })
      ).status;
    });
    expect(status).toBe(400);
    expect(written.filter((line) => line.level >= ERROR)).toEqual([]);
    expect(worst(written)).toBeLessThan(ERROR);
    const audit = await api(server.url, 'GET', '/api/host/audit?limit=5', hostToken);
    expect((audit.body.entries as AuditEntry[])[0]).toMatchObject({
      action: 'POST /api/host/players/:playerUuid/reset-alias',
      statusCode: 400,
    });
  });

  it('answers a Google callback with a forged state without an error line', async () => {
    const written = await logged(() => new Browser(server.url).get('/api/auth/callback/google?state=x'));
    expect(written.filter((line) => line.level >= ERROR)).toEqual([]);
    expect(written).toContainEqual(
      expect.objectContaining({ level: WARN, source: 'better-auth', msg: 'Failed to parse state' }),
    );
  });

  it('refuses a foreign callbackURL and redirectTo without an error line', async () => {
    const written = await logged(async () => {
      const signIn = await new Browser(server.url).post('/api/auth/sign-in/email', {
        email: 'nobody@example.com',
        password: 'whatever-1',
        callbackURL: 'https://evil.example/steal',
      });
      expect(signIn.status).toBeGreaterThanOrEqual(400);
      const reset = await new Browser(server.url).post('/api/auth/request-password-reset', {
        email: 'nobody@example.com',
        redirectTo: 'https://evil.example/steal',
      });
      expect(reset.status).toBeGreaterThanOrEqual(400);
    });
    expect(written.filter((line) => line.level >= ERROR)).toEqual([]);
    const warnings = written.filter((line) => line.level === WARN).map((line) => line.msg);
    expect(warnings).toContainEqual(expect.stringContaining('callbackURL'));
    expect(warnings).toContainEqual(expect.stringMatching(/redirect/i));
  });
});
