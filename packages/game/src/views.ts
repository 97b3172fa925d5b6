import { BALLS_TOTAL, defaultLuckyFatePick, drawOrderShared, luckyFateCards } from './draw';
import { playerTicket, ticketRecord } from './game-state';
import { STAGES, hasStarted, isFinished } from './stages';
import { ticketFromNumbers } from './strips';
import type {
  CardValue,
  Choice,
  GameResult,
  GameState,
  LuckyFateCards,
  LuckyFateMode,
  LuckyFatePick,
  PrizeAward,
  PrizeName,
  Prizes,
  Stage,
  StageTimes,
  Ticket,
  Timings,
} from './types';
import { togoOf } from './winners';

/** The stage (docs/player-app.md's `gameState`). */
export function gameState(state: GameState): Stage {
  return state.stage;
}

/** The balls called so far, in order. */
export function ballSequence(state: GameState): readonly number[] {
  return state.balls;
}

/** How far the draw has gone. */
export interface GameProgress {
  readonly ballsCalled: number;
  readonly ballsTotal: 90;
  readonly lastBall: number | null;
  /** The prize being played for (null before the draw and after the full house). */
  readonly currentPrize: PrizeName | null;
  readonly prizesWon: readonly PrizeName[];
}

/** How far the draw has gone. */
export function gameProgress(state: GameState): GameProgress {
  return {
    ballsCalled: state.balls.length,
    ballsTotal: BALLS_TOTAL,
    lastBall: state.balls[state.balls.length - 1] ?? null,
    currentPrize: state.currentPrize,
    prizesWon: state.awards.map((a) => a.prize),
  };
}

/** The status bar. */
export interface StatusBarData {
  readonly ballsCalled: number;
  /** Tickets held (one per player). */
  readonly players: number;
  readonly currentPrize: PrizeName | null;
  /** The current prize in pence before any prize-ball doubling (for the full house: the pot). */
  readonly currentPrizePence: number | null;
  /**
   * The pot in pence: full house × pot multiplier (x1 until the reels stop) + rollover carried in;
   * once the full house is won, the pot as won (doubled on the prize ball).
   */
  readonly pot: number;
}

function currentPot(state: GameState): number {
  const won = state.awards.find((a) => a.prize === 'full-house');
  if (won !== undefined) return won.amountPence;
  const { prizes, rolloverPence } = state.setup;
  return prizes.fullHouse * (state.reels?.potMultiplier ?? 1) + rolloverPence;
}

/** The status bar: balls called, players, the current prize and the pot. */
export function statusBarData(state: GameState): StatusBarData {
  const p = state.currentPrize;
  const pot = currentPot(state);
  const { prizes } = state.setup;
  return {
    ballsCalled: state.balls.length,
    players: state.index?.slotTicket.length ?? state.tickets.held,
    currentPrize: p,
    currentPrizePence:
      p === null ? null : p === 'one-line' ? prizes.oneLine : p === 'two-lines' ? prizes.twoLines : pot,
    pot,
  };
}

/** A ticket close to the current prize. */
export interface QueueEntry {
  readonly ticketIndex: number;
  readonly playerId: string;
  readonly togo: 1 | 2;
}

/**
 * The near-win queue: tickets 1 then 2 numbers from the current prize, each group in claim
 * order; at most `limit` entries.
 */
export function bingoTicketQueue(state: GameState, limit = Infinity): QueueEntry[] {
  const index = state.index;
  if (index === null || state.currentPrize === null) return [];
  const out: QueueEntry[] = [];
  for (const [slots, togo] of [
    [index.oneToGo, 1],
    [index.twoToGo, 2],
  ] as const) {
    for (let i = 0; i < slots.length && out.length < limit; i++) {
      const s = slots[i]!;
      out.push({ ticketIndex: index.slotTicket[s]!, playerId: index.slotPlayer[s]!, togo });
    }
  }
  return out;
}

/**
 * Whole seconds left to choose in the final at time `now` (rounded up, never below 0). Before the
 * final: the full counter; after it: 0.
 */
export function ruthlessCounter(state: GameState, now: number): number {
  const { ruthlessMs } = state.setup.timings;
  const started = state.times.ruthlessStartedAt;
  if (state.stage === 'ruthless' && started !== null) {
    return Math.max(0, Math.ceil((started + ruthlessMs - now) / 1000));
  }
  const before = STAGES.indexOf(state.stage) < STAGES.indexOf('ruthless');
  return before ? Math.ceil(ruthlessMs / 1000) : 0;
}

/** True from the reels on (the start time has come), false if cancelled. */
export function hasGameStarted(state: GameState): boolean {
  return hasStarted(state.stage);
}

/** True once the game has ended or was cancelled. */
export function hasGameEnded(state: GameState): boolean {
  return isFinished(state.stage);
}

/** A ticket with its auto-daubed marks. */
export interface TicketMarks {
  readonly ticketIndex: number;
  readonly ticket: Ticket;
  /** marked[row][col]: the cell holds a number already called. */
  readonly marked: boolean[][];
  readonly rowsLeft: readonly [number, number, number];
  readonly numbersLeft: number;
  /** Numbers to go for the current prize (null when no prize is being played). */
  readonly togo: number | null;
}

/** A claimed ticket's grid and marks, or null for a ticket index never claimed. */
export function ticketMarks(state: GameState, ticketIndex: number): TicketMarks | null {
  const record = ticketRecord(state, ticketIndex);
  if (record === null) return null;
  const called = new Set(state.balls);
  const ticket = ticketFromNumbers(record.numbers);
  const marked = ticket.map((row) => row.map((n) => n !== null && called.has(n)));
  const rowsLeft = marked.map((row, r) => row.filter((m, c) => !m && ticket[r]![c] !== null).length) as [
    number,
    number,
    number,
  ];
  const p = state.currentPrize;
  return {
    ticketIndex,
    ticket,
    marked,
    rowsLeft,
    numbersLeft: rowsLeft[0] + rowsLeft[1] + rowsLeft[2],
    togo: p === null ? null : togoOf(rowsLeft[0], rowsLeft[1], rowsLeft[2], p),
  };
}

/** A finalist as everyone may see them. */
export interface FinalistView {
  readonly ticketIndex: number;
  readonly playerId: string;
  readonly runnerUp: boolean;
  readonly numbersLeft: number;
  readonly hasChosen: boolean;
  /** Null until the reveal (a player's view shows their own choice at once). */
  readonly choice: Choice | null;
}

/** What anyone (spectators, preview) may see. */
export interface PublicView {
  readonly gameUuid: string;
  readonly commitment: string;
  /** The seed, only once the game has ended or was cancelled. */
  readonly seedHex: string | null;
  readonly stage: Stage;
  readonly times: StageTimes;
  readonly prizes: Prizes;
  readonly luckyFateMode: LuckyFateMode;
  readonly timings: Timings;
  /** Pence carried into this game's full house. */
  readonly rolloverInPence: number;
  readonly reels: GameState['reels'];
  readonly paused: boolean;
  readonly ballSequence: readonly number[];
  readonly gameProgress: GameProgress;
  readonly statusBarData: StatusBarData;
  readonly bingoTicketQueue: readonly QueueEntry[];
  readonly ruthlessCounter: number;
  readonly hasGameStarted: boolean;
  readonly hasGameEnded: boolean;
  readonly awards: readonly PrizeAward[];
  readonly final: { readonly potPence: number; readonly finalists: readonly FinalistView[] } | null;
  /** From the reveal: choices, lucky-fate cards of the winners, payouts, rollover. */
  readonly result: GameResult | null;
  /** Pence carried out to the room's next game. */
  readonly rolloverPence: number;
}

/** The player's own ticket. */
export interface MyTicketView {
  readonly ticketIndex: number;
  readonly marks: TicketMarks;
  readonly defaultChoice: Choice;
  readonly luckyFatePick: LuckyFatePick | null;
  /** The three cards, face up only from the reveal. */
  readonly luckyFateCards: LuckyFateCards | null;
  readonly luckyFateMultiplier: CardValue | null;
}

/** What one player may see. */
export interface PlayerView extends PublicView {
  readonly playerId: string;
  readonly myTicket: MyTicketView | null;
  readonly isFinalist: boolean;
  readonly myChoice: Choice | null;
}

/** Options for the views. */
export interface ViewOptions {
  /** Most near-win queue entries to include. Default 20. */
  readonly queueLimit?: number;
}

const revealed = (s: Stage): boolean => s === 'reveal' || s === 'ended';

function finalView(state: GameState, me: string | null): PublicView['final'] {
  const f = state.final;
  if (f === null) return null;
  const open = revealed(state.stage);
  return {
    potPence: f.potPence,
    finalists: f.finalists.map((x, i) => {
      const choice = f.choices[i] ?? null;
      return {
        ticketIndex: x.ticketIndex,
        playerId: x.playerId,
        runnerUp: x.runnerUp,
        numbersLeft: x.numbersLeft,
        hasChosen: choice !== null,
        choice: open ? (state.result?.choices[i]?.choice ?? choice) : x.playerId === me ? choice : null,
      };
    }),
  };
}

function baseView(state: GameState, now: number, me: string | null, options: ViewOptions): PublicView {
  const { setup } = state;
  return {
    gameUuid: setup.gameUuid,
    commitment: setup.commitment,
    seedHex: hasGameEnded(state) ? setup.seedHex : null,
    stage: state.stage,
    times: state.times,
    prizes: setup.prizes,
    luckyFateMode: setup.luckyFateMode,
    timings: setup.timings,
    rolloverInPence: setup.rolloverPence,
    reels: state.reels,
    paused: state.paused,
    ballSequence: state.balls,
    gameProgress: gameProgress(state),
    statusBarData: statusBarData(state),
    bingoTicketQueue: bingoTicketQueue(state, options.queueLimit ?? 20),
    ruthlessCounter: ruthlessCounter(state, now),
    hasGameStarted: hasGameStarted(state),
    hasGameEnded: hasGameEnded(state),
    awards: state.awards,
    final: finalView(state, me),
    result: revealed(state.stage) ? state.result : null,
    rolloverPence: state.rolloverPence,
  };
}

/** The game as spectators and preview mode see it: no seed until the end, no choices or cards until the reveal. */
export function publicView(state: GameState, now: number, options: ViewOptions = {}): PublicView {
  return baseView(state, now, null, options);
}

/**
 * The game as `playerId` sees it: the public view plus their ticket and their own choice. Their
 * lucky-fate cards stay face down until the reveal.
 */
export function playerView(
  state: GameState,
  playerId: string,
  now: number,
  options: ViewOptions = {},
): PlayerView {
  const base = baseView(state, now, playerId, options);
  const record = playerTicket(state, playerId);
  let myTicket: MyTicketView | null = null;
  if (record !== null) {
    const open = revealed(state.stage);
    const cards = open ? luckyFateCards(state.setup.seedHex, record.ticketIndex) : null;
    // From the reveal, a ticket that picked no card shows the pick made for it from the seed.
    const shownPick = open
      ? (record.luckyFatePick ?? defaultLuckyFatePick(state.setup.seedHex, record.ticketIndex))
      : record.luckyFatePick;
    myTicket = {
      ticketIndex: record.ticketIndex,
      marks: ticketMarks(state, record.ticketIndex)!,
      defaultChoice: record.defaultChoice,
      luckyFatePick: shownPick,
      luckyFateCards: cards,
      luckyFateMultiplier: cards !== null && shownPick !== null ? cards[shownPick] : null,
    };
  }
  const i = state.final?.finalists.findIndex((f) => f.playerId === playerId) ?? -1;
  return {
    ...base,
    playerId,
    myTicket,
    isFinalist: i >= 0,
    myChoice: i >= 0 ? (state.final!.choices[i] ?? null) : null,
  };
}

/**
 * The ball the server must call next (`drawOrder(seed)[ballsCalled]`), or null when no ball may
 * be called (not drawing, or the full house is won). A paused draw still has one: the host may
 * call it by hand. Server-side: it reads the seed.
 */
export function nextBall(state: GameState): number | null {
  if (state.stage !== 'draw' || state.currentPrize === null) return null;
  return drawOrderShared(state.setup.seedHex)[state.balls.length] ?? null;
}
