import type { PMap, PVec } from './persistent';
import type { Stage } from './stages';

export type { Stage } from './stages';

/** A 90-ball ticket: 3 rows of 9 cells, each a number or null for a blank. */
export type Ticket = (number | null)[][];
/** A finalist's decision in the ruthless final. */
export type Choice = 'share' | 'steal';
/** A lucky-fate card or pot multiplier: x1, x2 or x3. */
export type CardValue = 1 | 2 | 3;
/** The three face-down lucky-fate cards of a ticket, by position. */
export type LuckyFateCards = readonly [CardValue, CardValue, CardValue];
/** The position (0..2) of the lucky-fate card a player picked. */
export type LuckyFatePick = 0 | 1 | 2;
/** When lucky-fate cards are picked: on the purchase page, or at the lucky-fate stage. */
export const LUCKY_FATE_MODES = ['pre-game', 'in-game'] as const;
export type LuckyFateMode = (typeof LUCKY_FATE_MODES)[number];
/** The prizes of the draw, played in this order. */
export type PrizeName = 'one-line' | 'two-lines' | 'full-house';
/** The result of the final. `no-final`: a single-player game, the full-house winner takes the pot. */
export type FinalOutcome = 'all-share' | 'some-steal' | 'all-steal' | 'no-final';

/** The prize table, in pence. */
export interface Prizes {
  readonly oneLine: number;
  readonly twoLines: number;
  readonly fullHouse: number;
}

/** Durations in ms. The engine enforces `luckyFateMs` and `ruthlessMs`; the rest is data for the server. */
export interface Timings {
  readonly greenRoomMs: number;
  readonly reelsMs: number;
  readonly luckyFateMs: number;
  readonly ballIntervalMs: number;
  readonly ruthlessMs: number;
  readonly revealStepMs: number;
}

/** What the server knows when it creates a game. */
export interface GameSetup {
  readonly gameUuid: string;
  /** The secret seed, 64 lowercase hex characters. Views hide it until the game ends. */
  readonly seedHex: string;
  /** `commitmentOf(seedHex)`, published with the game. */
  readonly commitment: string;
  readonly prizes: Prizes;
  readonly luckyFateMode: LuckyFateMode;
  readonly timings?: Partial<Timings>;
  /** Pence carried into this game's full house from an all-steal game. Default 0. */
  readonly rolloverPence?: number;
  /** Most tickets held at once; no limit when absent. */
  readonly maxTickets?: number;
}

/** The setup with every default filled in. */
export interface NormalizedSetup {
  readonly gameUuid: string;
  readonly seedHex: string;
  readonly commitment: string;
  readonly prizes: Prizes;
  readonly luckyFateMode: LuckyFateMode;
  readonly timings: Timings;
  readonly rolloverPence: number;
  readonly maxTickets: number | null;
}

/** A ticket-revealed lucky-fate card, as carried by `reveal-started`. */
export interface LuckyFateReveal {
  readonly ticketIndex: number;
  /** The position the player picked, or the derived default pick when they picked none. */
  readonly pick: LuckyFatePick;
  readonly multiplier: CardValue;
}

interface At {
  /** Server time in ms at which the event happened (the server fills it). */
  readonly at: number;
}

/** A player claims ticket `ticketIndex` (its grid is `ticketAt(seed, ticketIndex)`). */
export interface TicketClaimed extends At {
  readonly type: 'ticket-claimed';
  /** Must exceed every ticket index claimed before in this game (so claim order = index order). */
  readonly ticketIndex: number;
  readonly playerId: string;
  /** The default ruthless choice from the player's profile. */
  readonly defaultChoice: Choice;
  /** The card picked on the purchase page (pre-game games), else null. */
  readonly luckyFatePick: LuckyFatePick | null;
}
/** The holder gives a ticket back before the start. Its index is not reused. */
export interface TicketReleased extends At {
  readonly type: 'ticket-released';
  readonly ticketIndex: number;
}
/** scheduled → green-room. */
export interface GreenRoomOpened extends At {
  readonly type: 'green-room-opened';
}
/** scheduled | green-room → reels; carries the seed's prize ball and pot multiplier. */
export interface ReelsStarted extends At {
  readonly type: 'reels-started';
  readonly prizeBall: number;
  readonly potMultiplier: CardValue;
}
/** reels → lucky-fate. */
export interface LuckyFateOpened extends At {
  readonly type: 'lucky-fate-opened';
}
/** In-game games: a ticket holder picks a card during the lucky-fate stage. */
export interface LuckyFatePicked extends At {
  readonly type: 'lucky-fate-picked';
  readonly playerId: string;
  readonly pick: LuckyFatePick;
}
/** lucky-fate → draw. */
export interface DrawStarted extends At {
  readonly type: 'draw-started';
}
/** The host pauses the draw. */
export interface DrawPaused extends At {
  readonly type: 'draw-paused';
}
/** The host resumes the draw. */
export interface DrawResumed extends At {
  readonly type: 'draw-resumed';
}
/** The next ball: must equal `drawOrder(seed)[ballsCalled]`. */
export interface BallCalled extends At {
  readonly type: 'ball-called';
  readonly ball: number;
}
/** draw → ruthless, after the full house, with two or more players. */
export interface RuthlessStarted extends At {
  readonly type: 'ruthless-started';
}
/** A finalist chooses (or changes their mind) before the counter reaches 0. */
export interface ChoiceMade extends At {
  readonly type: 'choice-made';
  readonly playerId: string;
  readonly choice: Choice;
}
/**
 * ruthless → reveal (or draw → reveal in a single-player game). Carries the lucky-fate card
 * of every ticket that won something or reached the final: exactly `luckyFateToReveal(state)`.
 */
export interface RevealStarted extends At {
  readonly type: 'reveal-started';
  readonly luckyFate: readonly LuckyFateReveal[];
}
/** reveal → ended. */
export interface GameEnded extends At {
  readonly type: 'game-ended';
}
/** scheduled | green-room → cancelled: every ticket is released. */
export interface GameCancelled extends At {
  readonly type: 'game-cancelled';
}

/**
 * Everything that can happen to a game. The server numbers events (its own `seq`, stored beside
 * each event); the engine does not need the number, only the order.
 */
export type GameEvent =
  | TicketClaimed
  | TicketReleased
  | GreenRoomOpened
  | ReelsStarted
  | LuckyFateOpened
  | LuckyFatePicked
  | DrawStarted
  | DrawPaused
  | DrawResumed
  | BallCalled
  | RuthlessStarted
  | ChoiceMade
  | RevealStarted
  | GameEnded
  | GameCancelled;

/** A claimed ticket. */
export interface TicketRecord {
  readonly ticketIndex: number;
  readonly playerId: string;
  readonly defaultChoice: Choice;
  readonly luckyFatePick: LuckyFatePick | null;
  readonly claimedAt: number;
  /** The 15 numbers row by row (rows of 5), from the seed. */
  readonly numbers: Uint8Array;
  readonly released: boolean;
}

/** The claimed tickets, in claim order, with player → position and ticket index → position maps. */
export interface TicketBook {
  readonly list: PVec<TicketRecord>;
  readonly byPlayer: PMap<number>;
  /** Keyed by the index as a string; a released ticket keeps its entry (its index is never dealt again). */
  readonly byIndex: PMap<number>;
  readonly held: number;
}

/**
 * The winner index, built at `draw-started` from the tickets then held. Slot s is the s-th held
 * ticket in ticket index order. `offsets`/`entries` are fixed; the counters are copied on each ball.
 */
export interface DrawIndex {
  readonly slotTicket: Int32Array;
  readonly slotPlayer: readonly string[];
  /** entries[offsets[n] .. offsets[n+1]) = slot*3 + row for every ticket row holding number n. */
  readonly offsets: Int32Array;
  readonly entries: Int32Array;
  /** Numbers left per slot*3+row. */
  readonly rowLeft: Uint8Array;
  /** Numbers to go for the current prize, per slot. */
  readonly togo: Uint8Array;
  /** Slots 1 and 2 to go for the current prize, ascending (claim order). */
  readonly oneToGo: Int32Array;
  readonly twoToGo: Int32Array;
}

/** A ticket that won a prize. */
export interface AwardWinner {
  readonly ticketIndex: number;
  readonly playerId: string;
  /**
   * Its share before lucky fate. For the full house this is null: the full-house prize is the
   * pot of the final (see `GameState.result`).
   */
  readonly basePence: number | null;
}

/** A prize won. */
export interface PrizeAward {
  readonly prize: PrizeName;
  readonly ball: number;
  /** How many balls had been called, this one included. */
  readonly ballsCalled: number;
  readonly at: number;
  readonly onPrizeBall: boolean;
  /** The prize after prize-ball doubling; for the full house, the pot. */
  readonly amountPence: number;
  /** Ascending ticket index. */
  readonly winners: readonly AwardWinner[];
}

/** A player in the final. */
export interface Finalist {
  readonly ticketIndex: number;
  readonly playerId: string;
  readonly defaultChoice: Choice;
  /** True for the runner-up who joined a lone full-house winner. */
  readonly runnerUp: boolean;
  /** Numbers left on the ticket when the full house was won (0 for full-house winners). */
  readonly numbersLeft: number;
}

/** The ruthless final. Choices are secret: views show them only from the reveal. */
export interface FinalState {
  readonly potPence: number;
  readonly finalists: readonly Finalist[];
  /** Aligned with `finalists`; null until that finalist chooses. */
  readonly choices: readonly (Choice | null)[];
}

/** One player's winnings. */
export interface Payout {
  readonly ticketIndex: number;
  readonly playerId: string;
  /** One line + two lines shares, before lucky fate. */
  readonly linesBasePence: number;
  /** Share of the pot, before lucky fate. */
  readonly finalBasePence: number;
  readonly basePence: number;
  /** The ticket's lucky-fate card. */
  readonly multiplier: CardValue;
  /** basePence × multiplier. */
  readonly totalPence: number;
}

/** A finalist's choice as revealed. */
export interface RevealedChoice {
  readonly ticketIndex: number;
  readonly playerId: string;
  readonly choice: Choice;
  /** True when they did not choose in time and their profile default was used. */
  readonly defaulted: boolean;
}

/** Everything decided at the reveal. */
export interface GameResult {
  readonly outcome: FinalOutcome;
  readonly potPence: number;
  readonly choices: readonly RevealedChoice[];
  readonly luckyFate: readonly LuckyFateReveal[];
  /** Every ticket that won something or reached the final, ascending ticket index. */
  readonly payouts: readonly Payout[];
  /** Pence the room's next game adds to its full house (the pot when everyone stole). */
  readonly rolloverPence: number;
}

/** When each stage began (null: not yet). */
export interface StageTimes {
  readonly greenRoomOpenedAt: number | null;
  readonly reelsStartedAt: number | null;
  readonly luckyFateOpenedAt: number | null;
  readonly drawStartedAt: number | null;
  readonly ruthlessStartedAt: number | null;
  readonly revealStartedAt: number | null;
  readonly endedAt: number | null;
  readonly cancelledAt: number | null;
}

/** The whole game, as the reducer sees it. Treat as immutable. */
export interface GameState {
  readonly setup: NormalizedSetup;
  readonly stage: Stage;
  readonly times: StageTimes;
  /** Events applied so far. */
  readonly eventCount: number;
  readonly lastEventAt: number | null;
  readonly tickets: TicketBook;
  readonly reels: { readonly prizeBall: number; readonly potMultiplier: CardValue } | null;
  readonly paused: boolean;
  readonly balls: readonly number[];
  readonly index: DrawIndex | null;
  /** The prize being played for; null before the draw and once the full house is won. */
  readonly currentPrize: PrizeName | null;
  readonly awards: readonly PrizeAward[];
  /** The final; null before it, and in a single-player game. */
  readonly final: FinalState | null;
  readonly result: GameResult | null;
  /** Pence for the room's next game's full house (non-zero only after an all-steal reveal). */
  readonly rolloverPence: number;
}
