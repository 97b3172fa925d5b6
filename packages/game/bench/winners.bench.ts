/*
 * Speed of the winner index: deal 100 000 tickets through applyEvent, start the draw, then call
 * balls through applyEvent until the full house: one cold run, then RUNS warm runs from the same
 * immutable state.
 * Prints one JSON line per figure. Run: npm run bench -w @ruthless/game
 */
import {
  applyEvent,
  bingoTicketQueue,
  commitmentOf,
  createGame,
  drawOrder,
  potMultiplier,
  prizeBall,
  type GameEvent,
  type GameState,
} from '../src/index';

// The package compiles without DOM or Node types (src must not use them); a bench may time things.
declare const performance: { now(): number };
declare const console: { log(line: string): void };

const TICKETS = 100_000;
const RUNS = 5;
const seedHex = 'b1e55ed0c0ffee5eedf00d00000000000000000000000000000000000000beef';

function must(state: GameState, event: GameEvent): GameState {
  const r = applyEvent(state, event);
  if (!r.ok) throw new Error(`${event.type} refused: ${r.code}`);
  return r.state;
}

function stats(name: string, samples: number[]): void {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  const round = (x: number) => Math.round(x * 1000) / 1000;
  console.log(
    JSON.stringify({
      name,
      unit: 'ms',
      n: s.length,
      median: round(at(0.5)),
      p95: round(at(0.95)),
      max: round(s[s.length - 1]!),
    }),
  );
}

function once(name: string, ms: number): void {
  console.log(JSON.stringify({ name, unit: 'ms', value: Math.round(ms * 10) / 10 }));
}

let state = createGame({
  gameUuid: 'bench',
  seedHex,
  commitment: commitmentOf(seedHex),
  prizes: { oneLine: 1000, twoLines: 2000, fullHouse: 10000 },
  luckyFateMode: 'pre-game',
});

let t0 = performance.now();
for (let i = 0; i < TICKETS; i++) {
  state = must(state, {
    type: 'ticket-claimed',
    at: i,
    ticketIndex: i,
    playerId: `p${i}`,
    defaultChoice: i % 2 === 0 ? 'share' : 'steal',
    luckyFatePick: (i % 3) as 0 | 1 | 2,
  });
}
once('claim-100k-total', performance.now() - t0);

state = must(state, {
  type: 'reels-started',
  at: 1,
  prizeBall: prizeBall(seedHex),
  potMultiplier: potMultiplier(seedHex),
});
state = must(state, { type: 'lucky-fate-opened', at: 2 });
t0 = performance.now();
state = must(state, { type: 'draw-started', at: 3 });
once('draw-start-index-100k', performance.now() - t0);

const order = drawOrder(seedHex);
const cold: number[] = [];
const warm: number[] = [];
const queueTop: number[] = [];
let balls = 0;
// Run 0 is cold (the JIT has not compiled the hot loop yet); runs 1..RUNS replay the same draw.
for (let run = 0; run <= RUNS; run++) {
  let s = state;
  for (const ball of order) {
    if (s.currentPrize === null) break;
    const t = performance.now();
    s = must(s, { type: 'ball-called', at: 10 + ball, ball });
    (run === 0 ? cold : warm).push(performance.now() - t);
    const q = performance.now();
    bingoTicketQueue(s, 20);
    queueTop.push(performance.now() - q);
  }
  balls = s.balls.length;
}
stats('ball-winners-100k', warm);
stats('ball-winners-100k-cold', cold);
stats('queue-top20-100k', queueTop);
console.log(JSON.stringify({ name: 'balls-to-full-house-100k', unit: 'balls', value: balls }));
