import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyDataRepository } from '../../src/safety/my-data.repository';
import { Browser, identityToken } from '../support/http';
import { api } from '../support/live';
import { claimTicket, playerWithDetails, scheduleGame, startShow, type Show } from '../support/show';

// Download my data (docs/player-app.md, "Your data"): one JSON file of everything kept about the
// signed-in player, for them alone, without secrets.

let show: Show;
let base: string;

beforeAll(async () => {
  show = await startShow({
    host: 'host@ruthless.test',
    room: { name: 'Data Room', theme: 'GOLD', roomImage: '/rooms/gold-rush.svg' },
  });
  base = show.server.url;
});

afterAll(async () => {
  await show?.server.close();
});

const download = (token: string | null) =>
  fetch(`${base}/api/safety/my-data`, { headers: token ? { authorization: token } : {} });

describe('GET /api/safety/my-data', () => {
  it("gives the owner one JSON file of their profile, consents, tickets, breaks, reminders and sign-ins, and no one else's", async () => {
    const ann = await playerWithDetails(base, 'Ann', 'steal');
    const bob = await playerWithDetails(base, 'Bob', 'share');
    // A second sign-in, from a phone.
    const phone = new Browser(base);
    const signIn = await phone.post(
      '/api/auth/sign-in/email',
      { email: 'ann@ruthless.test', password: 'secret-pass-1' },
      { 'user-agent': 'Ann phone' },
    );
    expect(signIn.status).toBe(200);
    await identityToken(phone);
    const game = await scheduleGame(show, 60 * 60_000);
    await claimTicket(show, ann.token, game.gameUuid);
    expect((await api(base, 'PUT', '/api/safety/marketing', ann.token, { given: true })).status).toBe(200);
    expect(
      (await api(base, 'POST', '/api/safety/reminders', ann.token, { gameUuid: game.gameUuid })).status,
    ).toBe(201);
    expect((await api(base, 'POST', '/api/safety/break', ann.token, { period: '24h' })).status).toBe(201);
    const invite = await api(base, 'GET', '/api/profile/invite', ann.token);
    expect(invite.status).toBe(200);
    expect((await api(base, 'PUT', `/api/push/follows/${show.roomUuid}`, ann.token)).status).toBe(204);
    const kinds = { showStarts: true, followedRooms: true, wins: false };
    expect((await api(base, 'PUT', '/api/push/preferences', ann.token, kinds)).status).toBe(200);

    const response = await download(ann.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="ruthless-my-data.json"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    const data = JSON.parse(text) as Awaited<ReturnType<MyDataRepository['collect']>>;
    expect(data.account).toMatchObject({ id: ann.userId, email: 'ann@ruthless.test', name: 'Test Player' });
    expect(data.profiles).toEqual([
      expect.objectContaining({
        operator: 'enlivon',
        alias: 'Ann',
        defaultChoice: 'steal',
        phoneNumber: '+447911123456',
        dobYear: 1990,
        realityCheckMinutes: 60,
        remindEveryShow: false,
      }),
    ]);
    expect(data.consents.at(-1)).toMatchObject({ operator: 'enlivon', given: true });
    expect(data.consents.at(-1)!.wording).toEqual(expect.any(String));
    expect(data.reminders).toEqual([
      expect.objectContaining({ gameUuid: game.gameUuid, source: 'asked', sentAt: null }),
    ]);
    expect(data.signInMethods).toEqual([expect.objectContaining({ provider: 'credential' })]);
    expect(data.signIns.length).toBeGreaterThanOrEqual(2);
    expect(data.signIns.map((entry) => entry.userAgent)).toContain('Ann phone');
    expect(data.tickets).toEqual([
      expect.objectContaining({ gameUuid: game.gameUuid, roomName: 'Data Room', gameState: 'scheduled' }),
    ]);
    expect(data.winnings).toEqual([]);
    expect(data.chatMessages).toEqual([]);
    expect(data.breaks).toEqual([expect.objectContaining({ kind: 'break', period: '24h' })]);
    expect(data.invites).toEqual({
      codes: [{ code: (invite.body.url as string).split('/').at(-1), createdAt: expect.any(String) }],
      joinedThroughInvite: [],
      friendsJoined: [],
    });
    expect(data.roomFollows).toEqual([
      expect.objectContaining({ roomUuid: show.roomUuid, roomName: 'Data Room' }),
    ]);
    expect(data.notificationKinds).toMatchObject(kinds);
    expect(data.notificationPhones).toEqual([]);
    expect(data.notificationsSent).toEqual([]);
    // No secrets: no password hash, no session or OAuth token.
    expect(text).not.toMatch(/argon2|"token"|"password"|accessToken|refreshToken/);
    expect(text).not.toContain('bob@ruthless.test');

    // Bob's file is Bob's.
    const bobs = (await (await download(bob.token)).json()) as Awaited<
      ReturnType<MyDataRepository['collect']>
    >;
    expect(bobs.account?.email).toBe('bob@ruthless.test');
    expect(JSON.stringify(bobs)).not.toContain('ann@ruthless.test');
    expect(bobs.tickets).toEqual([]);
    expect(bobs.roomFollows).toEqual([]);
    expect(bobs.notificationKinds).toBeNull();
  });

  it('is refused without a valid token', async () => {
    expect((await download(null)).status).toBe(401);
    expect((await download('not.a.token')).status).toBe(401);
    // A query naming someone else changes nothing: the owner is the token's.
    const eve = await playerWithDetails(base, 'Eve', 'share');
    const response = await fetch(`${base}/api/safety/my-data?userId=${encodeURIComponent('x')}`, {
      headers: { authorization: eve.token },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { account: { email: string } }).account.email).toBe(
      'eve@ruthless.test',
    );
  });
});
