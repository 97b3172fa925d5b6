import type { GameResults, HostGame, MyShow } from '@ruthless/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../support/live';
import { claimTicket, playerWithDetails, scheduleGame, startShow, type Show } from '../../support/show';
import type { TestApp } from '../../support/test-app';

// The profile's 'My shows': GET /api/my-shows lists the player's ended games with their ticket
// and what they won, and nothing of anyone else's.

const HOST = 'host@ruthless.test';
let show: Show;
let server: TestApp;
let roomUuid: string;

beforeAll(async () => {
  show = await startShow({
    host: HOST,
    room: { name: 'Shows Room', theme: 'GOLD', roomImage: '/rooms/gold-rush.svg' },
  });
  ({ server, roomUuid } = show);
});

afterAll(async () => {
  await server?.close();
});

const player = async (alias: string, choice: 'share' | 'steal') =>
  (await playerWithDetails(server.url, alias, choice)).token;
const game = (startInMs: number, timings: Record<string, number> = {}): Promise<HostGame> =>
  scheduleGame(show, startInMs, { timings });
const claim = (token: string, gameUuid: string) => claimTicket(show, token, gameUuid);

async function resultsOf(gameUuid: string): Promise<GameResults> {
  // Asked until the game has ended and its results answer.
  return vi.waitFor(
    async () => {
      const response = await api(server.url, 'GET', `/api/games/${gameUuid}/results`, null);
      if (response.status !== 200) throw new Error('the game did not end');
      return response.body as unknown as GameResults;
    },
    { timeout: 60_000, interval: 250 },
  );
}

const myShows = async (token: string) => {
  const response = await api(server.url, 'GET', '/api/my-shows', token);
  expect(response.status).toBe(200);
  return response.body as unknown as MyShow[];
};

describe('GET /api/my-shows', () => {
  it("lists the player's ended games with their ticket and winnings, and not games still to come", async () => {
    const sam = await player('Sam', 'share');
    const tess = await player('Tess', 'steal');
    const outsider = await player('Olly', 'share');
    // Far enough ahead that both claims land before it starts, on a busy machine too.
    const ended = await game(5000, {
      greenRoomMs: 2000,
      reelsMs: 150,
      luckyFateMs: 1200,
      ballIntervalMs: 100,
      ruthlessMs: 2500,
      revealMs: 100,
    });
    const upcoming = await game(60 * 60_000);
    for (const token of [sam, tess]) await claim(token, ended.gameUuid);
    await claim(sam, upcoming.gameUuid);
    const results = await resultsOf(ended.gameUuid);

    for (const [token, name] of [
      [sam, 'Sam'],
      [tess, 'Tess'],
    ] as const) {
      const shows = await myShows(token);
      expect(shows.map((show) => show.gameUuid)).toEqual([ended.gameUuid]);
      const [show] = shows;
      const won = results.payouts.find((payout) => payout.name === name)?.pence ?? 0;
      expect(show).toMatchObject({
        roomUuid,
        roomName: 'Shows Room',
        startTime: ended.gameStartTime,
        winningsPence: won,
      });
      expect(show!.ticket).toHaveLength(3);
      // Neither picked a card in the show (one was dealt to them from the seed instead).
      expect(show!.luckyFateMultiplier).toBeNull();
    }
    // Someone won something: the full house is always paid.
    const total = (await myShows(sam))[0]!.winningsPence + (await myShows(tess))[0]!.winningsPence;
    expect(total).toBeGreaterThan(0);
    expect(await myShows(outsider)).toEqual([]);
    // A whole show, played on the server's clock: minutes on a loaded machine.
  }, 120_000);

  it('refuses a call without a valid token', async () => {
    const response = await api(server.url, 'GET', '/api/my-shows', 'Bearer x.y.z');
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(/authorization/);
  });
});
