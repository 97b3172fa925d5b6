import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import {
  applyEvent,
  commitmentOf,
  createGame,
  drawOrder,
  luckyFateToReveal,
  potMultiplier,
  prizeBall,
  ticketNumbers,
  ticketAt,
  type Choice,
  type GameEvent,
  type GameSetup,
  type GameState,
  type LuckyFatePick,
} from '../src/index';

/** A fixed seed derived from a label, so tests are deterministic. */
export function seedOf(label: string | number): string {
  return bytesToHex(sha256(utf8ToBytes(`test-seed/${label}`)));
}

export function setupFor(seedHex: string, over: Partial<GameSetup> = {}): GameSetup {
  return {
    gameUuid: 'g-1',
    seedHex,
    commitment: commitmentOf(seedHex),
    prizes: { oneLine: 1000, twoLines: 2000, fullHouse: 5000 },
    luckyFateMode: 'pre-game',
    ...over,
  };
}

export function must(state: GameState, event: GameEvent): GameState {
  const r = applyEvent(state, event);
  if (!r.ok) throw new Error(`${event.type} refused: ${r.code}`);
  return r.state;
}

/** Applies events, keeping them in a log. */
export class Game {
  state: GameState;
  readonly events: GameEvent[] = [];
  now = 1_000;
  constructor(
    readonly seedHex: string,
    over: Partial<GameSetup> = {},
  ) {
    this.state = createGame(setupFor(seedHex, over));
  }
  apply(event: GameEvent): this {
    this.state = must(this.state, event);
    this.events.push(event);
    return this;
  }
  /** Apply an event built with the current time, then advance the clock by `dt`. */
  ev(make: (at: number) => GameEvent, dt = 100): this {
    this.apply(make(this.now));
    this.now += dt;
    return this;
  }
  try(event: GameEvent) {
    return applyEvent(this.state, event);
  }
}

export interface PlayerSpec {
  readonly ticketIndex: number;
  readonly playerId?: string;
  readonly defaultChoice?: Choice;
  readonly pick?: LuckyFatePick | null;
}

/** Claim the tickets and run scheduled → green-room → reels → lucky-fate → draw. */
export function toDraw(seedHex: string, players: readonly PlayerSpec[], over: Partial<GameSetup> = {}): Game {
  const g = new Game(seedHex, over);
  for (const p of [...players].sort((a, b) => a.ticketIndex - b.ticketIndex)) {
    g.ev((at) => ({
      type: 'ticket-claimed',
      at,
      ticketIndex: p.ticketIndex,
      playerId: p.playerId ?? `p${p.ticketIndex}`,
      defaultChoice: p.defaultChoice ?? 'share',
      luckyFatePick: p.pick ?? null,
    }));
  }
  g.ev((at) => ({ type: 'green-room-opened', at }));
  g.ev((at) => ({
    type: 'reels-started',
    at,
    prizeBall: prizeBall(seedHex),
    potMultiplier: potMultiplier(seedHex),
  }));
  g.ev((at) => ({ type: 'lucky-fate-opened', at }));
  g.ev((at) => ({ type: 'draw-started', at }));
  return g;
}

/** Call balls in the seed's order until the full house. */
export function drawToFullHouse(g: Game): Game {
  const order = drawOrder(g.seedHex);
  while (g.state.currentPrize !== null) {
    const ball = order[g.state.balls.length]!;
    g.ev((at) => ({ type: 'ball-called', at, ball }), 4000);
  }
  return g;
}

/** From the full house: the final with the given choices (missing: default), the reveal, the end. */
export function finish(g: Game, choices: Readonly<Record<string, Choice>> = {}): Game {
  if (g.state.final !== null) {
    if (g.state.stage === 'draw') g.ev((at) => ({ type: 'ruthless-started', at }), 1000);
    for (const f of g.state.final.finalists) {
      const c = choices[f.playerId];
      if (c !== undefined) g.ev((at) => ({ type: 'choice-made', at, playerId: f.playerId, choice: c }), 1000);
    }
    g.now = g.state.times.ruthlessStartedAt! + g.state.setup.timings.ruthlessMs;
  }
  g.ev((at) => ({ type: 'reveal-started', at, luckyFate: luckyFateToReveal(g.state) }), 10_000);
  g.ev((at) => ({ type: 'game-ended', at }));
  return g;
}

/** When (1-based ball count) a ticket completes each pattern under the seed's draw order. */
export function timeline(seedHex: string, ticketIndex: number) {
  const order = drawOrder(seedHex);
  const pos = new Map(order.map((b, i) => [b, i + 1]));
  const rows = ticketAt(seedHex, ticketIndex).map((row) =>
    Math.max(...row.filter((n): n is number => n !== null).map((n) => pos.get(n)!)),
  );
  rows.sort((a, b) => a - b);
  return {
    oneLine: rows[0]!,
    twoLines: rows[1]!,
    fullHouse: rows[2]!,
    numbers: ticketNumbers(ticketAt(seedHex, ticketIndex)),
    pos,
  };
}
