import { commitmentOf, drawOrder, isSeedHex, verifyGame, type GameEvent } from '@ruthless/game';
import type { GameResults } from '@ruthless/protocol';

export type DrawCheck =
  { ok: true; balls: number; order: number[] } | { ok: false; reason: string; order: number[] | null };

/**
 * Checks a finished game in this browser with the engine: the published seed hashes to the
 * commitment, every ball called is the seed's draw order in turn (and matches the balls this
 * screen showed), and the prize ball, pot multiplier and finalists' lucky-fate cards follow from
 * the seed. Returns the first thing that does not.
 */
export function checkDraw(results: GameResults, shownBalls: readonly number[]): DrawCheck {
  const { seed, commitment, ballSequence } = results;
  if (!isSeedHex(seed))
    return { ok: false, reason: 'The published seed is not 64 hex characters.', order: null };
  if (commitmentOf(seed) !== commitment.toLowerCase())
    return {
      ok: false,
      reason: 'The seed does not hash to the commitment published before the game.',
      order: null,
    };
  const order = drawOrder(seed);
  for (let k = 0; k < ballSequence.length; k++) {
    if (ballSequence[k] !== order[k])
      return {
        ok: false,
        reason: `Ball ${k + 1} was ${ballSequence[k]}, but the seed gives ${order[k]}.`,
        order,
      };
  }
  for (let k = 0; k < shownBalls.length; k++) {
    if (shownBalls[k] !== ballSequence[k])
      return {
        ok: false,
        reason: `This screen showed ${shownBalls[k]} as ball ${k + 1}; the results say ${ballSequence[k] ?? 'none'}.`,
        order,
      };
  }
  // The rest of what the seed decides, through the engine's own check of an event log.
  const finalists = [...results.finalists].sort((a, b) => a.ticketIndex - b.ticketIndex);
  const events: GameEvent[] = [
    ...finalists.map((f): GameEvent => ({
      type: 'ticket-claimed',
      at: 0,
      ticketIndex: f.ticketIndex,
      playerId: f.playerId,
      defaultChoice: 'share',
      luckyFatePick: f.luckyFatePick as 0 | 1 | 2,
    })),
    { type: 'reels-started', at: 0, prizeBall: results.prizeBall, potMultiplier: results.potMultiplier },
    ...ballSequence.map((ball): GameEvent => ({ type: 'ball-called', at: 0, ball })),
    {
      type: 'reveal-started',
      at: 0,
      luckyFate: finalists.map((f) => ({
        ticketIndex: f.ticketIndex,
        pick: f.luckyFatePick as 0 | 1 | 2,
        multiplier: f.luckyFateMultiplier,
      })),
    },
  ];
  const verdict = verifyGame(seed, commitment, events);
  if (!verdict.ok)
    return { ok: false, reason: `${verdict.reason[0]!.toUpperCase()}${verdict.reason.slice(1)}.`, order };
  return { ok: true, balls: ballSequence.length, order };
}
