import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SafetyMessage, type HostGame, type PlayBreakStatus } from '@ruthless/protocol';
import { resetCodeIn, startSmtpServer, type TestSmtpServer } from '../../../../test/support/smtp-server';
import { signUp } from '../support/http';
import { api, provenHost, Viewer } from '../support/live';
import { claimTicket, playerWithDetails, scheduleGame, startShow, type Show } from '../support/show';

// Take a break and self-exclusion (docs/player-app.md, "Take a break"): while one lasts the
// player is refused on every claim and join path, cannot shorten it, and gets a mail through
// the configured SMTP server; hosts see only how many players are away.

const HOST = 'host@ruthless.test';
let smtp: TestSmtpServer;
let show: Show;
let base: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  show = await startShow({
    host: HOST,
    room: { name: 'Safe Room', theme: 'GREEN', roomImage: '/rooms/gold-rush.svg' },
    env: { SMTP_URL: smtp.url },
    signInHost: async (server) => {
      const since = smtp.mails.length;
      return (
        await provenHost(server.url, HOST, async () => {
          const mail = smtp.mails.slice(since).find((candidate) => candidate.to.includes(HOST));
          return mail ? resetCodeIn(mail.decoded, server.url) : undefined;
        })
      ).token;
    },
  });
  base = show.server.url;
});

afterAll(async () => {
  await show?.server.close();
  await smtp?.close();
});

const FAST = {
  greenRoomMs: 1500,
  reelsMs: 150,
  luckyFateMs: 800,
  ballIntervalMs: 100,
  ruthlessMs: 1500,
  revealMs: 100,
};

const takeBreak = (token: string, period: unknown) =>
  api(base, 'POST', '/api/safety/break', token, { period });
const breakOf = async (token: string) => {
  const response = await api(base, 'GET', '/api/safety/break', token);
  expect(response.status).toBe(200);
  return response.body as unknown as PlayBreakStatus;
};
const hostCounts = async () => {
  const response = await api(base, 'GET', '/api/host/safety/breaks', show.hostToken);
  expect(response.status).toBe(200);
  return response.body;
};

async function resultsStatus(gameUuid: string, token: string | null = null): Promise<number> {
  return (await api(base, 'GET', `/api/games/${gameUuid}/results`, token)).status;
}

async function waitForEnd(game: HostGame): Promise<void> {
  // Asked until the game has ended and its results answer.
  await vi.waitFor(async () => expect(await resultsStatus(game.gameUuid), 'the game did not end').toBe(200), {
    timeout: 60_000,
    interval: 200,
  });
}

describe('take a break', () => {
  it('refuses every claim, join and move while it lasts; past results stay open; a mail confirms it', async () => {
    const ann = await playerWithDetails(base, 'Ann', 'share');
    const bob = await playerWithDetails(base, 'Bob', 'steal');
    // Far enough ahead that Bob's claim lands before it starts, on a busy machine too.
    const past = await scheduleGame(show, 5000, { timings: FAST });
    const inGame = await scheduleGame(show, 60 * 60_000);
    const preGame = await scheduleGame(show, 61 * 60_000, { prizeLuckyFateSelections: 'pre-game' });
    await claimTicket(show, bob.token, past.gameUuid);
    // Ann is in the lobby's game before her break, as she would be on the show's page.
    const annView = await Viewer.join(base, ann.token, inGame.gameUuid);
    await waitForEnd(past);
    const before = await hostCounts();

    const mailsBefore = smtp.mails.length;
    const taken = await takeBreak(ann.token, '24h');
    expect(taken.status).toBe(201);
    const status = taken.body as unknown as PlayBreakStatus;
    expect(status.current).toMatchObject({ kind: 'break', period: '24h' });
    const endsAt = new Date(status.current!.endsAt).getTime();
    expect(endsAt - new Date(status.current!.startedAt).getTime()).toBe(24 * 3_600_000);
    expect(await breakOf(ann.token)).toEqual(status);
    const refusal = SafetyMessage.onBreak('break', status.current!.endsAt);
    expect(refusal).toMatch(/^You are taking a break until \d+ \w+ \d{4} at \d\d:\d\d\./);

    // The confirmation mail, through the configured SMTP server.
    const mail = await smtp.waitForMail('ann@ruthless.test', mailsBefore);
    expect(mail.decoded).toContain('Subject: Your break from Ruthless has started');
    expect(mail.decoded).toContain('It lasts 24 hours, until');
    expect(mail.decoded).toContain('It cannot be shortened or ended early.');

    // HTTP claims, in-game and pre-game.
    const refused = { status: 403, body: { code: 'safety/on-break', message: refusal } };
    expect(
      await api(base, 'POST', '/api/claim-ticket', ann.token, {
        gameUuid: inGame.gameUuid,
        roomUuid: show.roomUuid,
      }),
    ).toMatchObject(refused);
    expect(
      await api(base, 'POST', '/api/purchase', ann.token, {
        gameUuid: preGame.gameUuid,
        roomUuid: show.roomUuid,
        luckyFateCard: 1,
      }),
    ).toMatchObject(refused);
    // Moves in a live show over HTTP.
    expect(
      await api(base, 'POST', `/api/games/${inGame.gameUuid}/choice`, ann.token, { choice: 'steal' }),
    ).toMatchObject(refused);
    expect(
      await api(base, 'POST', `/api/games/${inGame.gameUuid}/lucky-fate`, ann.token, { pick: 1 }),
    ).toMatchObject(refused);
    // Chat in a live show (there is no socket chat path: only POST /api/chat).
    expect(
      await api(base, 'POST', '/api/chat', ann.token, {
        gameUuid: inGame.gameUuid,
        roomUuid: show.roomUuid,
        chatContent: 'Hello from my break',
      }),
    ).toMatchObject(refused);
    // Joining a show over the socket (again, or on a new connection) and moves there.
    const ask = (event: 'game:join' | 'game:choice' | 'game:lucky-fate', payload: Record<string, unknown>) =>
      annView.socket.timeout(10_000).emitWithAck(event as 'game:join', payload as never);
    expect(await ask('game:join', { gameUuid: inGame.gameUuid, lastSeq: null })).toEqual({
      ok: false,
      message: refusal,
    });
    expect(await ask('game:choice', { gameUuid: inGame.gameUuid, choice: 'share' })).toEqual({
      ok: false,
      message: refusal,
    });
    expect(await ask('game:lucky-fate', { gameUuid: inGame.gameUuid, pick: 0 })).toEqual({
      ok: false,
      message: refusal,
    });
    await expect(Viewer.join(base, ann.token, preGame.gameUuid)).rejects.toThrow(refusal);

    // What is over stays open: an ended show's results, over HTTP and the socket.
    expect(await resultsStatus(past.gameUuid, ann.token)).toBe(200);
    const pastView = await Viewer.join(base, ann.token, past.gameUuid);
    expect(pastView.snapshot?.view.stage).toBe('ended');
    pastView.close();
    annView.close();

    // Someone else plays on.
    expect(
      await api(base, 'POST', '/api/claim-ticket', bob.token, {
        gameUuid: inGame.gameUuid,
        roomUuid: show.roomUuid,
      }),
    ).toMatchObject({ status: 201 });

    // The host console sees one more player on a break, and nobody's name or id.
    const after = await hostCounts();
    expect(after).toEqual({ onBreak: Number(before.onBreak) + 1, selfExcluded: before.selfExcluded });
  }, 90_000);

  it('cannot be shortened or ended early, only lengthened, and a self-exclusion counts apart', async () => {
    const cat = await playerWithDetails(base, 'Cat', 'share');
    const before = await hostCounts();
    expect((await takeBreak(cat.token, '7d')).status).toBe(201);
    const week = (await breakOf(cat.token)).current!;

    const shorter = await takeBreak(cat.token, '24h');
    expect(shorter).toMatchObject({
      status: 409,
      body: { code: 'safety/cannot-shorten', message: SafetyMessage.cannotShorten(week.endsAt) },
    });
    expect((await breakOf(cat.token)).current).toEqual(week);

    const mailsBefore = smtp.mails.length;
    const excluded = await takeBreak(cat.token, '6m');
    expect(excluded.status).toBe(201);
    const exclusion = (excluded.body as unknown as PlayBreakStatus).current!;
    expect(exclusion).toMatchObject({ kind: 'self-exclusion', period: '6m' });
    const start = new Date(exclusion.startedAt);
    const sixMonths = new Date(start);
    sixMonths.setUTCMonth(start.getUTCMonth() + 6);
    expect(exclusion.endsAt).toBe(sixMonths.toISOString());
    const mail = await smtp.waitForMail('cat@ruthless.test', mailsBefore);
    expect(mail.decoded).toContain('Subject: Your self-exclusion from Ruthless has started');
    expect(mail.decoded).toContain('It lasts 6 months, until');

    // A break inside the self-exclusion would end it sooner: refused.
    expect((await takeBreak(cat.token, '30d')).status).toBe(409);
    const game = await scheduleGame(show, 62 * 60_000);
    expect(
      await api(base, 'POST', '/api/claim-ticket', cat.token, {
        gameUuid: game.gameUuid,
        roomUuid: show.roomUuid,
      }),
    ).toMatchObject({
      status: 403,
      body: { message: SafetyMessage.onBreak('self-exclusion', exclusion.endsAt) },
    });

    // Cat counts once, as self-excluded.
    expect(await hostCounts()).toEqual({
      onBreak: before.onBreak,
      selfExcluded: Number(before.selfExcluded) + 1,
    });
  });

  it('checks who calls and what they send', async () => {
    const dan = await playerWithDetails(base, 'Dan', 'share');
    expect(await takeBreak(dan.token, '1h')).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('Please choose how long your break lasts.') },
    });
    expect(
      await api(base, 'POST', '/api/safety/break', dan.token, { period: '24h', until: '2020-01-01' }),
    ).toMatchObject({
      status: 400,
    });
    expect(await api(base, 'POST', '/api/safety/break', dan.token, {})).toMatchObject({ status: 400 });
    expect((await breakOf(dan.token)).current).toBeNull();

    expect((await api(base, 'POST', '/api/safety/break', null, { period: '24h' })).status).toBe(401);
    expect((await api(base, 'GET', '/api/safety/break', null)).status).toBe(401);
    expect(
      (await api(base, 'POST', '/api/safety/break', 'forged.token.value', { period: '24h' })).status,
    ).toBe(401);
    // Signed up but never registered with the operator.
    const stranger = await signUp(base, 'stranger@ruthless.test');
    expect((await takeBreak(stranger.token, '24h')).status).toBe(403);

    // The counts are the hosts' alone.
    expect((await api(base, 'GET', '/api/host/safety/breaks', dan.token)).status).toBe(403);
    expect((await api(base, 'GET', '/api/host/safety/breaks', null)).status).toBe(401);
    expect((await breakOf(dan.token)).current).toBeNull();
  });
});
