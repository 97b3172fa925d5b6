import { defaultLuckyFatePick, drawOrderShared, luckyFateCards, potMultiplier, prizeBall } from './draw';
import { commitmentOf, isSeedHex } from './seed';
import type { PublishedGameEvent } from './publish';
import type { LuckyFatePick } from './types';

/** What `verifyGame` found. `index` -1 means the seed itself: malformed or not matching the commitment. */
export type VerifyResult =
  { readonly ok: true } | { readonly ok: false; readonly index: number; readonly reason: string };

/**
 * Check a finished (or running) game's event log against its published seed: the seed hashes to
 * the commitment; reels-started carries the seed's prize ball and pot multiplier; the k-th
 * ball-called carries `drawOrder(seed)[k]`; each lucky-fate card in reveal-started is the card at
 * the ticket's pick, and the pick is the one its holder made (claim or lucky-fate-picked) or,
 * when they made none, `defaultLuckyFatePick`. Returns the index of the first event that does
 * not follow from the seed. It checks what the seed decides, not the other rules (the reducer
 * does those). Never throws.
 */
export function verifyGame(
  seedHex: string,
  commitmentHex: string,
  // The stored log, or the published one (pseudonyms, unplayed defaults left out): the check
  // needs neither who a player is nor their default.
  events: readonly PublishedGameEvent[],
): VerifyResult {
  if (!isSeedHex(seedHex))
    return { ok: false, index: -1, reason: 'the seed is not 64 lowercase hex characters' };
  if (typeof commitmentHex !== 'string' || commitmentOf(seedHex) !== commitmentHex.toLowerCase()) {
    return { ok: false, index: -1, reason: 'the seed does not hash to the commitment' };
  }
  const order = drawOrderShared(seedHex);
  const ball = prizeBall(seedHex);
  const multiplier = potMultiplier(seedHex);
  const picks = new Map<number, LuckyFatePick | null>();
  const ticketOf = new Map<string, number>();
  let called = 0;
  let i = 0;
  try {
    for (; i < events.length; i++) {
      const e = events[i]!;
      const bad = (reason: string): VerifyResult => ({ ok: false, index: i, reason });
      switch (e.type) {
        case 'ticket-claimed':
          picks.set(e.ticketIndex, e.luckyFatePick);
          ticketOf.set(e.playerId, e.ticketIndex);
          break;
        case 'ticket-released':
          for (const [player, t] of ticketOf) if (t === e.ticketIndex) ticketOf.delete(player);
          break;
        case 'lucky-fate-picked': {
          const t = ticketOf.get(e.playerId);
          if (t === undefined) return bad(`player ${e.playerId} holds no ticket`);
          picks.set(t, e.pick);
          break;
        }
        case 'reels-started':
          if (e.prizeBall !== ball) return bad(`prize ball ${e.prizeBall}, the seed gives ${ball}`);
          if (e.potMultiplier !== multiplier)
            return bad(`pot multiplier x${e.potMultiplier}, the seed gives x${multiplier}`);
          break;
        case 'ball-called': {
          const expected = order[called];
          if (e.ball !== expected)
            return bad(`ball ${called + 1} is ${e.ball}, the seed gives ${expected ?? 'no more balls'}`);
          called++;
          break;
        }
        case 'reveal-started':
          for (const l of e.luckyFate) {
            if (!picks.has(l.ticketIndex)) return bad(`ticket ${l.ticketIndex} was never claimed`);
            const made = picks.get(l.ticketIndex) ?? null;
            const pick = made ?? defaultLuckyFatePick(seedHex, l.ticketIndex);
            if (l.pick !== pick) return bad(`ticket ${l.ticketIndex} picked card ${pick}, not ${l.pick}`);
            const card = luckyFateCards(seedHex, l.ticketIndex)[pick];
            if (l.multiplier !== card)
              return bad(`ticket ${l.ticketIndex}'s card is x${card}, not x${l.multiplier}`);
          }
          break;
        default:
          break;
      }
    }
  } catch {
    return { ok: false, index: i, reason: 'malformed event' };
  }
  return { ok: true };
}
