import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { ActiveTicket, ClaimResponse } from '@ruthless/protocol';
import { workerPort } from './worker-port';

/**
 * Players for the lobby's browser tests, signed up and registered through the real API so the
 * start-up gate lets them straight into the lobby. Pass `page.request` to sign the page's own
 * browser context in (it shares the session cookie).
 */

/** The server counts sign-ups per client address (10 a minute): every player gets an address of its own. */
export function uniqueAddress(): string {
  const byte = () => Math.floor(Math.random() * 250) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

export interface TestPlayer {
  email: string;
  password: string;
  /** A fresh identity token, with the operator claim. */
  token: string;
  playerUuid: string;
  address: string;
}

export const PLAYER_PASSWORD = 'lobby-pass-1';

function claimsOf(token: string): { sub: string; email: string; operator?: string; role?: string } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    email: string;
    operator?: string;
    role?: string;
  };
}

/** Posts JSON like a browser page would (Better Auth checks the Origin of cookie requests). */
export async function postJson(
  request: APIRequestContext,
  path: string,
  data: unknown,
  headers: Record<string, string> = {},
) {
  const origin = new URL(path, baseUrl()).origin;
  return request.post(path, { data, headers: { origin, ...headers } });
}

export function baseUrl(): string {
  return `http://127.0.0.1:${workerPort()}`;
}

export async function identityToken(request: APIRequestContext, address: string): Promise<string> {
  const response = await request.get('/api/auth/token', { headers: { 'x-forwarded-for': address } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Signs a new player up, registers them with the operator and saves their mandatory details. */
export async function signUpPlayer(
  request: APIRequestContext,
  options: { name?: string; alias?: string; email?: string; ruthlessChoice?: 'share' | 'steal' } = {},
): Promise<TestPlayer> {
  const address = uniqueAddress();
  const headers = { 'x-forwarded-for': address };
  const email = options.email ?? `player-${randomUUID().slice(0, 12)}@ruthless.test`;
  const name = options.name ?? 'Lobby Player';
  const signUp = await postJson(
    request,
    '/api/auth/sign-up/email',
    { email, password: PLAYER_PASSWORD, name },
    headers,
  );
  expect(signUp.status(), await signUp.text()).toBe(200);

  let token = await identityToken(request, address);
  const [firstName = '', lastName = ''] = name.split(' ');
  const register = await postJson(
    request,
    '/api/operator/auth',
    { email, firstName, lastName, operator: 'enlivon' },
    { ...headers, authorization: token },
  );
  expect(register.status(), await register.text()).toBe(200);

  // The operator claim comes with the next token.
  token = await identityToken(request, address);
  expect(claimsOf(token).operator).toBe('enlivon');
  const details = await request.put('/api/operator/user/details', {
    headers: { ...headers, authorization: token, origin: baseUrl() },
    data: {
      ruthlessChoice: options.ruthlessChoice ?? 'share',
      alias: options.alias ?? `P${randomUUID().slice(0, 6)}`,
      phoneNumber: '+447911123456',
      dobDay: 14,
      dobMonth: 2,
      dobYear: 1990,
      marketingAccepted: false,
    },
  });
  expect(details.status(), await details.text()).toBe(200);
  return { email, password: PLAYER_PASSWORD, token, playerUuid: claimsOf(token).sub, address };
}

/** Claims a ticket through the API, as another player's phone would. */
export async function claimTicketViaApi(
  request: APIRequestContext,
  player: TestPlayer,
  game: { gameUuid: string; roomUuid: string; luckyFateCard?: number },
): Promise<ClaimResponse> {
  const path = game.luckyFateCard === undefined ? '/api/claim-ticket' : '/api/purchase';
  const response = await request.post(path, {
    headers: { authorization: player.token, 'x-forwarded-for': player.address },
    data: game,
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as ClaimResponse;
}

export async function activeTicketsViaApi(
  request: APIRequestContext,
  player: TestPlayer,
): Promise<ActiveTicket[]> {
  const response = await request.get('/api/purchases?unFinishedGames=true', {
    headers: { authorization: player.token, 'x-forwarded-for': player.address },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as ActiveTicket[];
}

export { claimsOf };
