import { decodeIdentityToken, fetchIdentityToken } from '@/lib/auth-client';

/** A fresh identity token and its claims (`GET /api/auth/token`). Never cached: each call mints one. */
export async function getIdentityToken() {
  const token = await fetchIdentityToken();
  return { token, claims: await decodeIdentityToken(token) };
}

/** A head start is taken only this soon: later, a fresh token is asked for. */
const HEAD_START_MS = 30_000;
let headStart: { playerUuid: string; at: number; token: ReturnType<typeof getIdentityToken> } | null = null;

/**
 * Asks for the token before the session is known, for the player whose kept show a reload shows
 * (their screen joins the show with it): the session and the token then come in one round trip,
 * not two. A failure is not said; the start-up gate asks again as usual.
 */
export function startIdentityToken(playerUuid: string): void {
  if (headStart?.playerUuid === playerUuid) return;
  const token = getIdentityToken();
  token.catch(() => undefined);
  headStart = { playerUuid, at: Date.now(), token };
}

/** The start-up gate's first token for `userId`: the head start when it was for them, else a fresh one. */
export function firstIdentityToken(userId: string): ReturnType<typeof getIdentityToken> {
  const started = headStart;
  headStart = null;
  if (started?.playerUuid === userId && Date.now() - started.at < HEAD_START_MS)
    return started.token.catch(() => getIdentityToken());
  return getIdentityToken();
}
