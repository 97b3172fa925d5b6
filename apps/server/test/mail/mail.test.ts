import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { productionEnv, startTestApp, type TestApp } from '../support/test-app';
import { Browser, signUp } from '../support/http';
import { resetCodeIn } from '../../../../test/support/smtp-server';

let server: TestApp;

beforeAll(async () => {
  server = await startTestApp(
    {},
    { reachablePublicUrl: true, accounts: { rateLimitPrefix: `test:${process.pid}:${Date.now()}:` } },
  );
});

afterAll(async () => {
  await server?.close();
});

const decodeEntities = (html: string) =>
  html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

describe('the dev mailbox (no SMTP_URL)', () => {
  it('keeps the reset mail at /dev/mailbox, newest first, and the link resets the password', async () => {
    await signUp(server.url, 'alice@example.com', 'old-password');
    await server.app.accounts.mailRepository.insert({
      to: 'someone@example.com',
      subject: '<script>alert(1)</script>',
      text: 'older & "quoted"',
    });
    const requested = await new Browser(server.url).post('/api/auth/request-password-reset', {
      email: 'alice@example.com',
    });
    expect(requested.status).toBe(200);

    // The mail goes out after the reply: the mailbox is read until it shows.
    let html = '';
    await vi.waitFor(
      async () => {
        const page = await fetch(`${server.url}/dev/mailbox`);
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toContain('text/html');
        html = await page.text();
        expect(html).toContain('oobCode');
      },
      { timeout: 2_500, interval: 50 },
    );
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('older &#38; &#34;quoted&#34;');
    // Newest first.
    expect(html.indexOf('Reset your Ruthless password')).toBeLessThan(html.indexOf('&#60;script&#62;'));

    const code = resetCodeIn(decodeEntities(html), server.url);
    const reset = await new Browser(server.url).post('/api/auth/reset-password', {
      newPassword: 'new-password',
      token: code,
    });
    expect(reset.status).toBe(200);
    const signIn = await new Browser(server.url).post('/api/auth/sign-in/email', {
      email: 'alice@example.com',
      password: 'new-password',
    });
    expect(signIn.status).toBe(200);
  });
});

describe('in production', () => {
  it('has no /dev/mailbox', async () => {
    const production = await startTestApp(productionEnv());
    try {
      const response = await fetch(`${production.url}/dev/mailbox`);
      expect(response.status).toBe(404);
      // A browser gets the app's shell (client routes), never the mailbox.
      const page = await fetch(`${production.url}/dev/mailbox`, { headers: { accept: 'text/html' } });
      expect(await page.text()).not.toContain('Dev mailbox');
    } finally {
      await production.close();
    }
  });
});
