import { drawOrder, isSeedHex, verifyGame } from '@ruthless/game';
import type { GameEventLog } from '@ruthless/protocol';

export type DrawCheck =
  | { ok: true; events: number; balls: number; order: number[] }
  | { ok: false; reason: string; order: number[] | null };

const sentence = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}.`;

/**
 * Checks a finished game in this browser: the engine's `verifyGame` on the game's stored event
 * log exactly as the server publishes it, for the commitment shown before the game; then that the
 * balls this screen showed are the log's balls, in order. Returns the first thing that does not hold.
 */
export function checkDraw(log: GameEventLog, commitment: string, shownBalls: readonly number[]): DrawCheck {
  const order = isSeedHex(log.seed) ? drawOrder(log.seed) : null;
  if (log.commitment.toLowerCase() !== commitment.toLowerCase())
    return { ok: false, reason: 'The log names another commitment than the one published.', order };
  const verdict = verifyGame(log.seed, commitment, log.events);
  if (!verdict.ok) {
    const where = verdict.index >= 0 ? ` (event ${verdict.index + 1})` : '';
    return { ok: false, reason: sentence(`${verdict.reason}${where}`), order };
  }
  const balls = log.events.flatMap((event) => (event.type === 'ball-called' ? [event.ball] : []));
  for (let k = 0; k < shownBalls.length; k++) {
    if (shownBalls[k] !== balls[k])
      return {
        ok: false,
        reason: `This screen showed ${shownBalls[k]} as ball ${k + 1}; the log says ${balls[k] ?? 'none'}.`,
        order,
      };
  }
  return { ok: true, events: log.events.length, balls: balls.length, order: order! };
}
