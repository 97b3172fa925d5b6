import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { verifyGame } from '@ruthless/game';
import { AccountDeletionMessage, type GameResults } from '@ruthless/protocol';
import { queryRows } from '../../src/db/database';
import { Browser, identityToken } from '../support/http';
import { api, Viewer } from '../support/live';
import { claimTicket, playerWithDetails, scheduleGame, startShow, type Show } from '../support/show';

// Delete my account (docs/player-app.md, "Delete my account"): with the password and a
// confirmation; sessions, tokens and sockets end at once; past shows keep verifying with an
// anonymous id; chat messages go.

const HOST = 'host@ruthless.test';
let show: Show;
let base: string;

beforeAll(async () => {
  show = await startShow({
    host: HOST,
    room: { name: 'Leaving Room', theme: 'RED', roomImage: '/rooms/gold-rush.svg' },
  });
  base = show.server.url;
});

afterAll(async () => {
  await show?.server.close();
});

const FAST = {
  greenRoomMs: 2500,
  reelsMs: 150,
  luckyFateMs: 800,
  ballIntervalMs: 100,
  ruthlessMs: 1500,
  revealMs: 100,
};

/** A registered player with details, signed in with a browser session (cookie) and a token. */
async function playerWithSession(alias: string) {
  const email = `${alias.toLowerCase()}@ruthless.test`;
  await playerWithDetails(base, alias, 'steal', email);
  const browser = new Browser(base);
  const signIn = await browser.post('/api/auth/sign-in/email', { email, password: 'secret-pass-1' });
  expect(signIn.status).toBe(200);
  const token = await identityToken(browser);
  const { user } = (await signIn.json()) as { user: { id: string } };
  return { email, browser, token, userId: user.id };
}

const deleteAccount = (
  player: { browser: Browser; token: string },
  body: unknown,
  token: string | null = player.token,
) =>
  player.browser.request('POST', '/api/safety/delete-account', {
    json: body,
    headers: token ? { authorization: token } : {},
  });

const rows = (query: ReturnType<typeof sql>) =>
  queryRows<Record<string, unknown>>(show.server.app.database.db, query);

async function resultsOf(gameUuid: string): Promise<GameResults> {
  // Asked until the game has ended and its results answer.
  return vi.waitFor(
    async () => {
      const response = await api(base, 'GET', `/api/games/${gameUuid}/results`, null);
      if (response.status !== 200) throw new Error('the game did not end');
      return response.body as unknown as GameResults;
    },
    { timeout: 60_000, interval: 200 },
  );
}

describe('delete my account', () => {
  it('deletes the account at once, keeps past shows verifying under an anonymous id and removes the chat', async () => {
    const ann = await playerWithSession('Ann');
    const bob = await playerWithSession('Bob');
    const game = await scheduleGame(show, 1500, { timings: FAST });
    await claimTicket(show, ann.token, game.gameUuid);
    await claimTicket(show, bob.token, game.gameUuid);
    // Ann chats while the green room is open.
    // Sent until the green room opens and the chat takes it.
    await vi.waitFor(
      async () =>
        expect(
          (
            await api(base, 'POST', '/api/chat', ann.token, {
              gameUuid: game.gameUuid,
              roomUuid: show.roomUuid,
              playerName: 'Ann',
              chatContent: 'Good luck all',
            })
          ).status,
        ).toBe(201),
      { timeout: 10_000, interval: 100 },
    );
    const before = await resultsOf(game.gameUuid);
    const eventsBefore = await api(base, 'GET', `/api/games/${game.gameUuid}/events`, null);
    expect(eventsBefore.status).toBe(200);

    // An open socket of Ann's, watching the ended show.
    const view = await Viewer.join(base, ann.token, game.gameUuid);
    const closed = new Promise<string>((resolve) => view.socket.on('disconnect', resolve));

    // Refusals first: nothing is deleted.
    expect(await deleteAccount(ann, { password: 'secret-pass-1' })).toMatchObject({ status: 400 });
    const noPassword = await deleteAccount(ann, { confirm: true });
    expect(noPassword.status).toBe(400);
    expect(await noPassword.json()).toMatchObject({ message: AccountDeletionMessage.passwordRequired });
    const wrong = await deleteAccount(ann, { password: 'not-her-password', confirm: true });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: 'Incorrect password. Please try again.' });
    expect((await deleteAccount(ann, { password: 'secret-pass-1', confirm: true }, null)).status).toBe(401);
    // Bob's session cookie with Ann's token (or the other way round) deletes nobody.
    const crossed = await deleteAccount(bob, { password: 'secret-pass-1', confirm: true }, ann.token);
    expect(crossed.status).toBe(401);
    expect(await crossed.json()).toMatchObject({ message: AccountDeletionMessage.notThisSession });
    expect((await api(base, 'GET', '/api/operator/user', ann.token)).status).toBe(200);

    const deleted = await deleteAccount(ann, { password: 'secret-pass-1', confirm: true });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ message: AccountDeletionMessage.deleted });

    // Gone at once: the token, the session, the socket, the sign-in.
    expect((await api(base, 'GET', '/api/operator/user', ann.token)).status).toBe(401);
    expect((await api(base, 'GET', '/api/my-shows', ann.token)).status).toBe(401);
    expect((await ann.browser.get('/api/auth/token')).status).toBe(401);
    await expect(closed).resolves.toBe('io server disconnect');
    const again = await new Browser(base).post('/api/auth/sign-in/email', {
      email: ann.email,
      password: 'secret-pass-1',
    });
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ message: 'No account found with this email.' });

    // The past show is the same show: the same payouts, Ann's name replaced, the log verifying.
    const after = await resultsOf(game.gameUuid);
    expect(after.payouts.map((payout) => payout.pence)).toEqual(before.payouts.map((payout) => payout.pence));
    expect(JSON.stringify(after)).not.toContain('Ann');
    const stored = await rows(
      sql`select event from game_events where game_id = ${game.gameUuid} order by seq`,
    );
    expect(verifyGame(after.seed, game.commitment, stored.map((row) => row.event) as never)).toEqual({
      ok: true,
    });
    expect(JSON.stringify(stored)).not.toContain(ann.userId);
    const eventsAfter = await api(base, 'GET', `/api/games/${game.gameUuid}/events`, null);
    expect(eventsAfter.status).toBe(200);

    // Nothing of Ann's is left under her id; her chat is gone, Bob's things are untouched.
    for (const table of [
      'users',
      'sessions',
      'accounts',
      'player_profiles',
      'tickets',
      'payouts',
      'chat_messages',
    ]) {
      const column =
        table === 'users'
          ? 'id'
          : table === 'tickets' || table === 'payouts' || table === 'chat_messages'
            ? 'player_id'
            : 'user_id';
      expect(
        await rows(
          sql`select 1 from ${sql.identifier(table)} where ${sql.identifier(column)} = ${ann.userId}`,
        ),
        table,
      ).toEqual([]);
    }
    expect(await rows(sql`select 1 from chat_messages where text = 'Good luck all'`)).toEqual([]);
    expect(await rows(sql`select 1 from tickets where game_id = ${game.gameUuid}`)).toHaveLength(2);
    expect((await api(base, 'GET', '/api/my-shows', bob.token)).body).toHaveLength(1);
  }, 90_000);

  it('waits for a show not over yet, and a Google account must have signed in minutes ago', async () => {
    const cat = await playerWithSession('Cat');
    const upcoming = await scheduleGame(show, 60 * 60_000);
    await claimTicket(show, cat.token, upcoming.gameUuid);
    const held = await deleteAccount(cat, { password: 'secret-pass-1', confirm: true });
    expect(held.status).toBe(409);
    expect(await held.json()).toMatchObject({ message: AccountDeletionMessage.liveTicket });
    expect((await api(base, 'GET', '/api/operator/user', cat.token)).status).toBe(200);

    // Dan signs in without a password (as a Google account does): his session must be fresh.
    const dan = await playerWithSession('Dan');
    await rows(
      sql`update accounts set provider_id = 'google', password = null where user_id = ${dan.userId}`,
    );
    await rows(
      sql`update sessions set created_at = now() - interval '11 minutes' where user_id = ${dan.userId}`,
    );
    const stale = await deleteAccount(dan, { confirm: true });
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ message: AccountDeletionMessage.signInAgain });
    await rows(
      sql`update sessions set created_at = now() - interval '2 minutes' where user_id = ${dan.userId}`,
    );
    const fresh = await deleteAccount(dan, { confirm: true });
    expect(fresh.status).toBe(200);
    expect((await api(base, 'GET', '/api/operator/user', dan.token)).status).toBe(401);
  });

  it("limits password guesses, and the auth library's own path stays closed", async () => {
    const eve = await playerWithSession('Eve');
    for (let guess = 0; guess < 5; guess++) {
      expect((await deleteAccount(eve, { password: `guess-${guess}`, confirm: true })).status).toBe(400);
    }
    expect((await deleteAccount(eve, { password: 'secret-pass-1', confirm: true })).status).toBe(429);
    expect((await eve.browser.post('/api/auth/delete-user', { password: 'secret-pass-1' })).status).toBe(404);
    expect((await api(base, 'GET', '/api/operator/user', eve.token)).status).toBe(200);
  });
});
