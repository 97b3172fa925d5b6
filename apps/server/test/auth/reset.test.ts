import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { Browser, identityToken, signUp } from '../support/http';
import { resetCodeIn, startSmtpServer, type TestSmtpServer } from '../../../../test/support/smtp-server';

let smtp: TestSmtpServer;
let server: TestApp;
let publicUrl: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestApp(
    { SMTP_URL: smtp.url, ADMIN_EMAILS: 'host@example.com' },
    {
      reachablePublicUrl: true,
      accounts: {
        limits: { resetRequestPerIp: { window: 60, max: 100 } },
        rateLimitPrefix: `test:${process.pid}:${Date.now()}:`,
      },
    },
  );
  publicUrl = server.url;
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const post = (path: string, body: unknown) => new Browser(server.url).post(path, body);
/** What the app asks on opening the link: the code in the body, never in the address. */
const checkCode = (code: string) => post('/api/auth/reset-code', { code });

async function requestReset(email: string): Promise<string> {
  const since = smtp.mails.length;
  const response = await post('/api/auth/request-password-reset', {
    email,
    redirectTo: `${publicUrl}/forgot-password`,
  });
  expect(response.status).toBe(200);
  const mail = await smtp.waitForMail(email, since);
  return resetCodeIn(mail.decoded, publicUrl);
}

describe('password reset through a real SMTP server', () => {
  it('mails a /forgot-password?oobCode= link; the code resets once and signs every session out', async () => {
    const { browser: first } = await signUp(server.url, 'alice@example.com', 'old-password');
    const second = new Browser(server.url);
    expect(
      (await second.post('/api/auth/sign-in/email', { email: 'alice@example.com', password: 'old-password' }))
        .status,
    ).toBe(200);

    const code = await requestReset('alice@example.com');
    const mail = smtp.mails.at(-1)!;
    expect(mail.decoded).toContain('Subject: Reset your Ruthless password');
    expect(mail.decoded).toContain(`${publicUrl}/forgot-password?oobCode=${code}`);

    // Checking the code does not use it.
    for (let i = 0; i < 2; i++) {
      const check = await checkCode(code);
      expect(check.status).toBe(200);
      expect(await check.json()).toEqual({ valid: true });
    }

    const reset = await post('/api/auth/reset-password', { newPassword: 'new-password', token: code });
    expect(reset.status).toBe(200);

    for (const browser of [first, second]) {
      expect((await browser.get('/api/auth/token')).status).toBe(401);
    }
    const old = await post('/api/auth/sign-in/email', {
      email: 'alice@example.com',
      password: 'old-password',
    });
    expect(old.status).toBe(401);
    const signedIn = new Browser(server.url);
    expect(
      (
        await signedIn.post('/api/auth/sign-in/email', {
          email: 'alice@example.com',
          password: 'new-password',
        })
      ).status,
    ).toBe(200);
    await identityToken(signedIn);

    // Used: refused both ways.
    const reused = await post('/api/auth/reset-password', { newPassword: 'third-password', token: code });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({
      statusCode: 400,
      code: 'auth/invalid-action-code',
      message: 'Your code is invalid.',
    });
    const check = await checkCode(code);
    expect(check.status).toBe(400);
    expect(await check.json()).toMatchObject({
      code: 'auth/invalid-action-code',
      message: 'Your reset password code is invalid.',
    });
  });

  it('answers the same whether or not the account exists, and mails only existing accounts', async () => {
    await signUp(server.url, 'bob@example.com');
    const since = smtp.mails.length;
    const known = await post('/api/auth/request-password-reset', { email: 'bob@example.com' });
    const unknown = await post('/api/auth/request-password-reset', { email: 'nobody@example.com' });
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());
    await smtp.waitForMail('bob@example.com', since);
    // Genuinely a span: a mail that must not come has no event to wait for (the reply does not wait
    // for the mail, and separate sends may arrive in any order).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.slice(since).some((mail) => mail.to.includes('nobody@example.com'))).toBe(false);
  });

  it('refuses an expired code and an invalid one', async () => {
    await signUp(server.url, 'carol@example.com');
    const code = await requestReset('carol@example.com');
    await server.app.database.db.execute(
      sql`update verifications set expires_at = now() - interval '1 second'`,
    );
    expect((await checkCode(code)).status).toBe(400);
    const expired = await post('/api/auth/reset-password', { newPassword: 'new-password', token: code });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ code: 'auth/invalid-action-code' });

    const invalid = await checkCode('not-a-code');
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ message: 'Your reset password code is invalid.' });
    const oversized = await checkCode('x'.repeat(300));
    expect(oversized.status).toBeGreaterThanOrEqual(400);
    expect(oversized.status).toBeLessThan(500);
    expect(oversized.headers.get('content-type')).toContain('application/json');
    const forged = await post('/api/auth/reset-password', {
      newPassword: 'new-password',
      token: 'not-a-code',
    });
    expect(forged.status).toBe(400);
  });

  it('stores reset codes hashed, valid for an hour', async () => {
    await signUp(server.url, 'dan@example.com');
    const code = await requestReset('dan@example.com');
    const { rows } = (await server.app.database.db.execute(
      sql`select identifier, extract(epoch from expires_at - now()) as seconds from verifications order by created_at desc limit 1`,
    )) as unknown as { rows: { identifier: string; seconds: string }[] };
    expect(rows[0]!.identifier).not.toContain(code);
    expect(Number(rows[0]!.seconds)).toBeGreaterThan(3500);
    expect(Number(rows[0]!.seconds)).toBeLessThanOrEqual(3600);
  });

  it('makes a host of an ADMIN_EMAILS account once a reset proved the mailbox', async () => {
    await signUp(server.url, 'host@example.com');
    const code = await requestReset('host@example.com');
    expect(
      (await post('/api/auth/reset-password', { newPassword: 'host-password', token: code })).status,
    ).toBe(200);
    const browser = new Browser(server.url);
    await browser.post('/api/auth/sign-in/email', { email: 'host@example.com', password: 'host-password' });
    const token = await identityToken(browser);
    expect(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())).toMatchObject({
      role: 'host',
    });
  });
});
