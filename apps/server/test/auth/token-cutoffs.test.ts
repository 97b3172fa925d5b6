import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOKEN_CUTOFF_CACHE_MS, TokenCutoffs } from '../../src/auth/token-cutoffs';
import { users } from '../../src/db/schema';
import { startTestApp, type TestApp } from '../support/test-app';
import { insertGame, insertRoom } from '../support/fixtures';
import { Browser, decodeJwt, identityToken, registeredPlayer } from '../support/http';
import { api, type GameSocket } from '../support/live';

let server: TestApp;

beforeAll(async () => {
  server = await startTestApp(
    {},
    {
      reachablePublicUrl: true,
      accounts: {
        limits: { resetRequestPerIp: { window: 60, max: 100 } },
        rateLimitPrefix: `test:cutoffs:${process.pid}:${Date.now()}:`,
        // Every check reads the database here; the cache has its own test below.
        tokenCutoffCacheMs: 0,
      },
    },
  );
});

afterAll(async () => {
  await server?.close();
});

function socket(token: string) {
  const client: GameSocket = connectSocket(server.url, {
    transports: ['websocket'],
    reconnection: false,
    auth: { token },
  });
  return client;
}
const connected = (client: GameSocket) =>
  new Promise<boolean>((resolve) => {
    client.once('connect', () => resolve(true));
    client.once('connect_error', () => resolve(false));
  });
const disconnected = (client: GameSocket) =>
  new Promise<string>((resolve) => client.once('disconnect', (reason) => resolve(reason)));
const settings = (token: string) => api(server.url, 'GET', '/api/operator/user', token);
// A claim judges the token's cut-off in the deal's own statement (tickets/tickets.service.ts).
const claim = async (token: string) => {
  const db = server.app.database.db;
  const roomUuid = await insertRoom(db, `Cut-offs ${randomUUID()}`);
  const gameUuid = await insertGame(db, roomUuid, { startsInMs: 3_600_000, maxTickets: 10 });
  return api(server.url, 'POST', '/api/claim-ticket', token, { gameUuid, roomUuid });
};
const notValid = { status: 401, body: { message: 'authorization: the identity token is not valid.' } };

async function resetCode(email: string): Promise<string> {
  const mailsTo = async () =>
    (await server.app.accounts.mailRepository.listRecent(100)).filter((mail) => mail.to === email);
  const before = (await mailsTo()).length;
  expect((await new Browser(server.url).post('/api/auth/request-password-reset', { email })).status).toBe(
    200,
  );
  // The mail goes out after the reply.
  return vi.waitFor(
    async () => {
      const mails = await mailsTo();
      if (mails.length <= before) throw new Error(`no reset mail for ${email}`);
      return /oobCode=([\w-]+)/.exec(mails[0]!.text)![1]!;
    },
    { timeout: 2_000, interval: 20 },
  );
}

describe('identity tokens end with what should end them', () => {
  it('refuses the old token over HTTP and at the handshake after a password reset; a new sign-in works', async () => {
    const email = 'cut-by-reset@example.com';
    const player = await registeredPlayer(server.url, email);
    expect((await settings(player.token)).status).toBe(200);
    const open = socket(player.token);
    expect(await connected(open)).toBe(true);
    const closed = disconnected(open);

    const code = await resetCode(email);
    const reset = await new Browser(server.url).post('/api/auth/reset-password', {
      newPassword: 'brand-new-password',
      token: code,
    });
    expect(reset.status).toBe(200);
    expect(await closed).toBe('io server disconnect');

    expect(await settings(player.token)).toMatchObject(notValid);
    expect(await claim(player.token)).toMatchObject(notValid);
    const again = socket(player.token);
    expect(await connected(again)).toBe(false);
    again.close();

    // Signing in right after the reset gives a token that counts.
    const browser = new Browser(server.url);
    const signIn = await browser.post('/api/auth/sign-in/email', { email, password: 'brand-new-password' });
    expect(signIn.status).toBe(200);
    const fresh = await identityToken(browser);
    expect((await settings(fresh)).status).toBe(200);
    expect((await claim(fresh)).status).toBe(201);
    const reconnected = socket(fresh);
    expect(await connected(reconnected)).toBe(true);
    reconnected.close();
  });

  it("ends a session's tokens when it signs out (HTTP, claims, new and open sockets), and only that session's", async () => {
    const email = 'signs-out@example.com';
    const player = await registeredPlayer(server.url, email);
    const phone = socket(player.token);
    expect(await connected(phone)).toBe(true);
    // The same player on another device, with its own session.
    const laptop = new Browser(server.url);
    expect((await laptop.post('/api/auth/sign-in/email', { email, password: 'secret-pass-1' })).status).toBe(
      200,
    );
    const laptopToken = await identityToken(laptop);
    const laptopSocket = socket(laptopToken);
    expect(await connected(laptopSocket)).toBe(true);

    const closed = disconnected(phone);
    expect((await player.browser.post('/api/auth/sign-out', {})).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    // The signed-out session's token, unexpired, counts nowhere any more.
    expect(await settings(player.token)).toMatchObject(notValid);
    expect(await claim(player.token)).toMatchObject(notValid);
    const again = socket(player.token);
    expect(await connected(again)).toBe(false);
    again.close();

    // The other session goes on: its socket, its token over HTTP, a claim and a new socket.
    expect(laptopSocket.connected).toBe(true);
    expect((await settings(laptopToken)).status).toBe(200);
    expect((await claim(laptopToken)).status).toBe(201);
    const laptopAgain = socket(laptopToken);
    expect(await connected(laptopAgain)).toBe(true);
    laptopAgain.close();
    laptopSocket.close();
  });

  it("honours another process's sign-out once its cached copy is older than the cache time", async () => {
    const email = 'signs-out-elsewhere@example.com';
    const player = await registeredPlayer(server.url, email);
    const { sid, iat_ms: issuedAt } = decodeJwt(player.token) as { sid: string; iat_ms: number };
    let now = Date.now();
    const here = new TokenCutoffs(server.app.database.db, () => now);
    const there = new TokenCutoffs(server.app.database.db, () => now);
    expect(await here.allows(player.userId, issuedAt, sid)).toBe(true);
    await there.endSession(player.userId, sid);
    expect(await there.allows(player.userId, issuedAt, sid)).toBe(false);
    // Another session of the same player still counts on both.
    expect(await there.allows(player.userId, issuedAt, randomUUID())).toBe(true);
    now += TOKEN_CUTOFF_CACHE_MS;
    expect(await here.allows(player.userId, issuedAt, sid)).toBe(false);
    expect(here.allowsNow(player.userId, issuedAt, sid)).toBe(false);
  });

  it("refuses a deleted user's token over HTTP and at the handshake, and closes their open socket", async () => {
    const player = await registeredPlayer(server.url, 'deleted-later@example.com');
    const open = socket(player.token);
    expect(await connected(open)).toBe(true);
    const closed = disconnected(open);
    await server.app.database.db.delete(users).where(eq(users.id, player.userId));

    expect((await settings(player.token)).status).toBe(401);
    expect(await claim(player.token)).toMatchObject(notValid);
    const again = socket(player.token);
    expect(await connected(again)).toBe(false);
    again.close();
    // Its next action finds the user gone and closes the socket.
    void open.emitWithAck('game:choice', { gameUuid: randomUUID(), choice: 'share' }).catch(() => {});
    void open.emitWithAck('game:choice', { gameUuid: randomUUID(), choice: 'share' }).catch(() => {});
    expect(await closed).toBe('io server disconnect');
  });

  it("honours another process's cut-off once its cached copy is older than the cache time", async () => {
    const player = await registeredPlayer(server.url, 'two-processes@example.com');
    let now = Date.now();
    const here = new TokenCutoffs(server.app.database.db, () => now);
    const there = new TokenCutoffs(server.app.database.db, () => now);
    const issuedAt = now - 1000;
    expect(await here.allows(player.userId, issuedAt)).toBe(true);
    await there.cutOff(player.userId);
    expect(await there.allows(player.userId, issuedAt)).toBe(false);
    // Still the cached answer here, until the cache time is up.
    now += TOKEN_CUTOFF_CACHE_MS - 1;
    expect(await here.allows(player.userId, issuedAt)).toBe(true);
    now += 1;
    expect(await here.allows(player.userId, issuedAt)).toBe(false);
    // A token issued after the cut-off counts everywhere.
    expect(await here.allows(player.userId, now)).toBe(true);
  });
});
