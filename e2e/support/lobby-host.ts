import { randomUUID } from 'node:crypto';
import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type APIResponse,
} from '@playwright/test';
import type { CreateGameBody, HostGame, Theme } from '@ruthless/protocol';
import { baseUrl, claimsOf, identityToken, postJson, uniqueAddress } from './lobby-players';
import { newestResetPath } from './mail';

/**
 * The host who schedules the games the lobby tests need (sold out, starting in seconds…).
 * The e2e server lists HOST_EMAIL in ADMIN_EMAILS; the host role also needs a proven mailbox,
 * which a password reset through the mail (e2e/support/mail.ts) gives.
 */
export const HOST_EMAIL = 'host@ruthless.test';
export const HOST_PASSWORD = 'host-pass-1';

export interface Host {
  request: APIRequestContext;
  token: string;
  createRoom(options?: {
    name?: string;
    theme?: Theme;
    roomImage?: string;
  }): Promise<{ roomUuid: string; name: string }>;
  createGame(
    roomUuid: string,
    options?: Partial<CreateGameBody> & { startsInMs?: number },
  ): Promise<HostGame>;
  cancelGame(gameUuid: string): Promise<HostGame>;
  /** A host control, as the console's buttons send it (POST /api/host/games/{gameUuid}/{action}). */
  control(
    gameUuid: string,
    action: 'open-green-room' | 'start' | 'draw' | 'pause' | 'resume' | 'end',
  ): Promise<APIResponse>;
  /**
   * Calls ball after ball through the host's API until the draw has none to give (the full house
   * ended it): the console's own button is tested on its first balls, this calls the rest in
   * seconds instead of minutes. Resolves with the number called.
   */
  callBallsToTheEnd(gameUuid: string): Promise<number>;
  dispose(): Promise<void>;
}

async function signIn(request: APIRequestContext, address: string) {
  return postJson(
    request,
    '/api/auth/sign-in/email',
    { email: HOST_EMAIL, password: HOST_PASSWORD },
    { 'x-forwarded-for': address },
  );
}

/** Proves the host's mailbox: asks for a reset, follows the link from the mail. */
async function verifyMailbox(request: APIRequestContext, address: string) {
  const headers = { 'x-forwarded-for': address };
  const ask = await postJson(
    request,
    '/api/auth/request-password-reset',
    { email: HOST_EMAIL, redirectTo: '/forgot-password' },
    headers,
  );
  expect(ask.status(), await ask.text()).toBe(200);
  const code = new URLSearchParams((await newestResetPath(HOST_EMAIL)).split('?')[1]).get('oobCode');
  const reset = await postJson(
    request,
    '/api/auth/reset-password',
    { newPassword: HOST_PASSWORD, token: code },
    headers,
  );
  expect(reset.status(), await reset.text()).toBe(200);
}

/** Signs the host in (signing up and proving the mailbox the first time). */
export async function signInHost(): Promise<Host> {
  const address = uniqueAddress();
  const request = await playwrightRequest.newContext({ baseURL: baseUrl() });
  let response = await signIn(request, address);
  if (response.status() !== 200) {
    const signUp = await postJson(
      request,
      '/api/auth/sign-up/email',
      { email: HOST_EMAIL, password: HOST_PASSWORD, name: 'Show Host' },
      { 'x-forwarded-for': address },
    );
    expect(signUp.status(), await signUp.text()).toBe(200);
  }
  let token = await identityToken(request, address);
  if (claimsOf(token).role !== 'host') {
    await verifyMailbox(request, address);
    response = await signIn(request, address);
    expect(response.status(), await response.text()).toBe(200);
    token = await identityToken(request, address);
  }
  expect(claimsOf(token).role, `ADMIN_EMAILS of the e2e server must list ${HOST_EMAIL}`).toBe('host');
  const headers = { authorization: token, 'x-forwarded-for': address };
  const control: Host['control'] = (gameUuid, action) =>
    request.post(`/api/host/games/${gameUuid}/${action}`, { headers });

  return {
    request,
    token,
    async createRoom({
      name = `Test Room ${randomUUID().slice(0, 4)}`,
      theme = 'DEFAULT',
      roomImage = '/rooms/ruby-rush.svg',
    } = {}) {
      const created = await request.post('/api/host/rooms', { headers, data: { name, theme, roomImage } });
      expect(created.status(), await created.text()).toBe(201);
      const room = (await created.json()) as { roomUuid: string; name: string };
      return room;
    },
    async createGame(roomUuid, { startsInMs = 60 * 60_000, ...body } = {}) {
      const created = await request.post(`/api/host/rooms/${roomUuid}/games`, {
        headers,
        data: {
          gameStartTime: new Date(Date.now() + startsInMs).toISOString(),
          maxTickets: 90,
          prizeLuckyFateSelections: 'in-game',
          prizes: { oneLine: 1000, twoLines: 2500, fullHouse: 10000 },
          ...body,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      return (await created.json()) as HostGame;
    },
    async cancelGame(gameUuid) {
      const cancelled = await request.post(`/api/host/games/${gameUuid}/cancel`, { headers });
      expect(cancelled.status(), await cancelled.text()).toBe(200);
      return (await cancelled.json()) as HostGame;
    },
    control,
    async callBallsToTheEnd(gameUuid) {
      for (let called = 0; called <= 90; called++) {
        const response = await control(gameUuid, 'draw');
        if (response.status() === 409) return called;
        expect(response.status(), await response.text()).toBe(200);
      }
      throw new Error('90 balls called and the draw still had one to give');
    },
    dispose: () => request.dispose(),
  };
}
