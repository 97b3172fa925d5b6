import type { Choice, LuckyFatePick } from '@ruthless/game';
import type { LiveView, YouView } from '@ruthless/protocol';

/**
 * The show as this phone last had it live (issue 41): on a reload of `/game/{id}` the screen
 * shows it at once, marked as reconnecting, while the start-up gate and the socket catch up.
 * Kept in the tab's sessionStorage (gone with the tab), one show at a time, and only for the
 * player who watched it: each is stored with its owner's player uuid, and the owner of the
 * newest identity token is kept beside it with the token's expiry. Before the session is known
 * the show is offered only to that token's owner while the token is still valid; after, only to
 * the signed-in user. A sign-out forgets both, and an ended or cancelled show is forgotten.
 */
export interface LastKnownShow {
  gameUuid: string;
  /** The player uuid (the identity token's `sub`) of the phone's player when it was kept. */
  owner: string;
  savedAt: number;
  view: LiveView;
  you: YouView | null;
  myChoice: Choice | null;
  myLuckyFatePick: LuckyFatePick | null;
}

interface TokenHolder {
  playerUuid: string;
  expiresAt: number;
}

const SHOW_KEY = 'ruthless:last-known-show';
const HOLDER_KEY = 'ruthless:token-holder';
/** A show's view is a few kB; anything this large is not what we kept, and is not kept. */
const MAX_CHARS = 200_000;
const VERSION = 1;

/** sessionStorage, or null where the browser refuses it (a private mode, a sandboxed frame). */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function read<T>(key: string): T | null {
  try {
    const text = storage()?.getItem(key);
    if (!text) return null;
    const parsed = JSON.parse(text) as { version?: number; value?: T };
    return parsed.version === VERSION && parsed.value ? parsed.value : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): boolean {
  try {
    const text = JSON.stringify({ version: VERSION, value });
    if (text.length > MAX_CHARS) return false;
    storage()?.setItem(key, text);
    return true;
  } catch {
    // Full or refused: the next reload simply waits for the server, as before.
    return false;
  }
}

function remove(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** Keeps the show as shown now (the live feed calls it on every change while live). */
export function keepLastKnownShow(show: LastKnownShow): void {
  if (!write(SHOW_KEY, show)) remove(SHOW_KEY);
}

/** Forgets the kept show (the show ended, or it belongs to someone else). */
export function forgetLastKnownShow(): void {
  remove(SHOW_KEY);
}

/** The owner of the newest identity token and its expiry (the start-up gate's token, each time). */
export function rememberTokenHolder(playerUuid: string, expiresAt: number): void {
  write(HOLDER_KEY, { playerUuid, expiresAt } satisfies TokenHolder);
}

/** On sign-out: nothing of this player stays for the next person on the phone. */
export function forgetTokenHolderAndShow(): void {
  remove(HOLDER_KEY);
  remove(SHOW_KEY);
}

/**
 * The kept show of `gameUuid`, if it may be shown to who is signed in: `signedIn` is the
 * signed-in user's id, `null` when signed out, `undefined` while the session is not known yet
 * (then the owner of a token still valid stands in for them).
 */
export function lastKnownShow(gameUuid: string, signedIn: string | null | undefined): LastKnownShow | null {
  if (signedIn === null) return null;
  const show = read<LastKnownShow>(SHOW_KEY);
  if (!show || show.gameUuid !== gameUuid || !show.view || typeof show.owner !== 'string') return null;
  if (signedIn !== undefined) return show.owner === signedIn ? show : null;
  const holder = read<TokenHolder>(HOLDER_KEY);
  return holder && holder.playerUuid === show.owner && holder.expiresAt > Date.now() ? show : null;
}

/** Once the session is known: a show kept for anyone else is forgotten. */
export function forgetLastKnownShowUnlessOwnedBy(signedIn: string | null): void {
  const show = read<LastKnownShow>(SHOW_KEY);
  if (show && show.owner !== signedIn) remove(SHOW_KEY);
  if (signedIn === null) remove(HOLDER_KEY);
}
