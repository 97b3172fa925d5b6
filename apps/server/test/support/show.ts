import { expect } from 'vitest';
import type { HostGame } from '@ruthless/protocol';
import type { AccountsOptions } from '../../src/auth/accounts';
import { registeredPlayer } from './http';
import { api, provenHost, withDetails } from './live';
import { startTestApp, type TestApp } from './test-app';

/** The set-up of a test of shows: a real app, a signed-in host and one room of theirs. */
export interface Show {
  server: TestApp;
  hostToken: string;
  roomUuid: string;
}

/** Players sign up by the dozen in these files: per-address limits that never stop them. */
export const MANY_SIGN_UPS = {
  signUpPerIp: { window: 60, max: 1000 },
  signInPerIp: { window: 60, max: 1000 },
};

/** What a game gets unless the test says otherwise. */
const GAME_DEFAULTS = {
  maxTickets: 10,
  prizeLuckyFateSelections: 'in-game',
  prizes: { oneLine: 1000, twoLines: 2000, fullHouse: 10_000 },
  timings: {},
};

/** Stage timings of a show over in seconds, with 3 s for the finalists to choose. */
export const SHOW_IN_SECONDS = {
  greenRoomMs: 2000,
  reelsMs: 100,
  luckyFateMs: 100,
  ballIntervalMs: 100,
  ruthlessMs: 3000,
  revealMs: 100,
};

/**
 * Starts the app with `host` in ADMIN_EMAILS, signs the host in and creates `room`. The host
 * proves their address by a password reset through the dev mailbox unless `signInHost` says how.
 */
export async function startShow(options: {
  host: string;
  room: { name: string; theme: string; roomImage: string };
  accounts?: AccountsOptions;
  signInHost?: (server: TestApp) => Promise<string>;
  /** More environment for the app (ALLOWED_ORIGINS...). */
  env?: Record<string, string>;
  /** False: the app sends no email reminders on its own (the test sweeps). */
  sendReminders?: boolean;
  /** False: no automatic host; scheduled games wait. */
  runGames?: boolean;
  /** The built web app the server serves (a test's own index.html). */
  webDist?: string;
}): Promise<Show> {
  const server = await startTestApp(
    { ADMIN_EMAILS: options.host, ...options.env },
    {
      reachablePublicUrl: true,
      accounts: { limits: MANY_SIGN_UPS, ...options.accounts },
      ...(options.sendReminders === false ? { sendReminders: false } : {}),
      ...(options.runGames === false ? { runGames: false } : {}),
      ...(options.webDist ? { webDist: options.webDist } : {}),
    },
  );
  const hostToken = options.signInHost
    ? await options.signInHost(server)
    : (await provenHost(server.url, options.host)).token;
  const room = await api(server.url, 'POST', '/api/host/rooms', hostToken, options.room);
  expect(room.status, JSON.stringify(room.body)).toBe(201);
  return { server, hostToken, roomUuid: room.body.roomUuid as string };
}

/** A registered player with their details set: a chat name and a default choice. */
export async function playerWithDetails(
  base: string,
  alias: string,
  choice: 'share' | 'steal' = 'share',
  email = `${alias.toLowerCase()}@ruthless.test`,
): Promise<{ token: string; userId: string }> {
  const { token, userId } = await registeredPlayer(base, email);
  await withDetails(base, token, alias, choice);
  return { token, userId };
}

/** Schedules a game in the show's room through the host API, starting `startInMs` from now. */
export async function scheduleGame(
  show: Show,
  startInMs: number,
  settings: Record<string, unknown> = {},
): Promise<HostGame> {
  const created = await api(
    show.server.url,
    'POST',
    `/api/host/rooms/${show.roomUuid}/games`,
    show.hostToken,
    { gameStartTime: new Date(Date.now() + startInMs).toISOString(), ...GAME_DEFAULTS, ...settings },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as unknown as HostGame;
}

/** Claims a ticket for the player (a new claim: 201). */
export async function claimTicket(show: Show, token: string, gameUuid: string): Promise<void> {
  const response = await api(show.server.url, 'POST', '/api/claim-ticket', token, {
    gameUuid,
    roomUuid: show.roomUuid,
  });
  expect(response.status).toBe(201);
}
