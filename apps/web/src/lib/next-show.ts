import type { Room } from '@ruthless/protocol';

/**
 * A room's next show: the earliest of its games not started yet, and (given `after`) starting
 * after that time. Null when it has none. The lobby's and the landing's room cards show it.
 */
export function nextShowStart(room: Room, after?: number): Date | null {
  let next: number | null = null;
  for (const game of room.games) {
    if (game.hasGameStarted) continue;
    const start = Date.parse(game.gameStartTime);
    if (after !== undefined && start <= after) continue;
    if (next === null || start < next) next = start;
  }
  return next === null ? null : new Date(next);
}
