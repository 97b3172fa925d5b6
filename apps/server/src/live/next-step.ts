import {
  luckyFateToReveal,
  nextBall,
  potMultiplier,
  prizeBall,
  statusBarData,
  type GameEvent,
  type GameState,
} from '@ruthless/game';

/** What the automatic host does next: an event to append at a time, or nothing (game over). */
export interface NextStep {
  /** Server time (ms) at which to append the event. */
  at: number;
  build(now: number): GameEvent;
}

/**
 * The automatic host's script (docs/game-rules.md stages): given a game's state and its start time, the
 * next event and when it is due. Pure, so the runner's timing is testable without a clock.
 */
export function nextStep(state: GameState, startTime: number): NextStep | null {
  const t = state.setup.timings;
  const times = state.times;
  const seed = state.setup.seedHex;
  switch (state.stage) {
    case 'scheduled':
      return { at: startTime - t.greenRoomMs, build: (now) => ({ type: 'green-room-opened', at: now }) };
    case 'green-room':
      return {
        at: startTime,
        // No tickets, no show: the game is called off at its start.
        build: (now) =>
          statusBarData(state).players === 0
            ? { type: 'game-cancelled', at: now }
            : {
                type: 'reels-started',
                at: now,
                prizeBall: prizeBall(seed),
                potMultiplier: potMultiplier(seed),
              },
      };
    case 'reels':
      return {
        at: times.reelsStartedAt! + t.reelsMs,
        build: (now) => ({ type: 'lucky-fate-opened', at: now }),
      };
    case 'lucky-fate':
      return {
        at: times.luckyFateOpenedAt! + t.luckyFateMs,
        build: (now) => ({ type: 'draw-started', at: now }),
      };
    case 'draw': {
      if (state.paused) return null;
      const at = (state.lastEventAt ?? 0) + t.ballIntervalMs;
      const ball = nextBall(state);
      if (ball !== null) return { at, build: (now) => ({ type: 'ball-called', at: now, ball }) };
      // The full house is won: the final, or straight to the reveal with a single player.
      return state.final
        ? { at, build: (now) => ({ type: 'ruthless-started', at: now }) }
        : { at, build: (now) => ({ type: 'reveal-started', at: now, luckyFate: luckyFateToReveal(state) }) };
    }
    case 'ruthless': {
      const final = state.final!;
      const everyoneChose = final.choices.every((choice) => choice !== null);
      const deadline = times.ruthlessStartedAt! + t.ruthlessMs;
      return {
        // Everyone chose: a short beat, then the reveal; otherwise when the counter runs out.
        at: everyoneChose ? Math.min(deadline, (state.lastEventAt ?? 0) + t.revealStepMs) : deadline,
        build: (now) => ({ type: 'reveal-started', at: now, luckyFate: luckyFateToReveal(state) }),
      };
    }
    case 'reveal': {
      // One step per finalist's choice, one per lucky-fate card, then the outcome.
      const finalists = state.final?.finalists.length ?? 1;
      const steps = finalists * 2 + 1;
      return {
        at: times.revealStartedAt! + steps * t.revealStepMs,
        build: (now) => ({ type: 'game-ended', at: now }),
      };
    }
    case 'ended':
    case 'cancelled':
      return null;
  }
}
