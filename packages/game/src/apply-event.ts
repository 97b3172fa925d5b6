import { defaultLuckyFatePick, drawOrderShared, luckyFateCards, potMultiplier, prizeBall } from './draw';
import { claimRefusal } from './claims';
import { claimPosition, playerTicket, ticketRecord } from './game-state';
import { linePrizePence, potPence, splitPence } from './payouts';
import {
  TRIE_CAPACITY,
  pmapDelete,
  pmapEmpty,
  pmapSet,
  pvecEmpty,
  pvecForEach,
  pvecGet,
  pvecPush,
  pvecSet,
} from './persistent';
import { RuleCode } from './rule-codes';
import { hasStarted } from './stages';
import { ticketNumbersAt } from './strips';
import type {
  AwardWinner,
  Choice,
  FinalState,
  Finalist,
  GameEvent,
  GameResult,
  GameState,
  LuckyFateReveal,
  Payout,
  PrizeAward,
  RevealedChoice,
  TicketRecord,
} from './types';
import { buildIndex, markBall, numbersLeft, runnerUp } from './winners';

/** What `applyEvent` returns: the next state, or the rule the event broke. */
export type ApplyResult =
  { readonly ok: true; readonly state: GameState } | { readonly ok: false; readonly code: RuleCode };

const fail = (code: RuleCode): ApplyResult => ({ ok: false, code });

const MAX_TICKET_INDEX = 0x7fff_ffff;

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isChoice = (v: unknown): v is Choice => v === 'share' || v === 'steal';
const isPick = (v: unknown): v is 0 | 1 | 2 => v === 0 || v === 1 || v === 2;
const isIndex = (v: unknown): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= MAX_TICKET_INDEX;
const isPlayerId = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

function advance(state: GameState, at: number, patch: Partial<GameState>): ApplyResult {
  return { ok: true, state: { ...state, ...patch, eventCount: state.eventCount + 1, lastEventAt: at } };
}

/**
 * Apply one event. Never throws and never mutates `state`: returns the next state (sharing what
 * did not change) or the code of the rule the event broke, in which case nothing is applied.
 */
export function applyEvent(state: GameState, event: GameEvent): ApplyResult {
  try {
    return apply(state, event);
  } catch {
    // Only a bug can get here; the contract is still a value, never an exception.
    return fail(RuleCode.InternalError);
  }
}

function apply(state: GameState, event: GameEvent): ApplyResult {
  if (typeof event !== 'object' || event === null || typeof event.type !== 'string' || !isTime(event.at)) {
    return fail(RuleCode.InvalidEvent);
  }
  if (state.stage === 'ended') return fail(RuleCode.GameEnded);
  if (state.stage === 'cancelled') return fail(RuleCode.GameCancelled);
  const { at } = event;
  const { stage, setup, times } = state;
  const preStart = !hasStarted(stage);

  switch (event.type) {
    case 'ticket-claimed': {
      const { ticketIndex, playerId, defaultChoice, luckyFatePick } = event;
      if (!isIndex(ticketIndex) || !isPlayerId(playerId) || !isChoice(defaultChoice))
        return fail(RuleCode.InvalidEvent);
      if (luckyFatePick !== null && !isPick(luckyFatePick)) return fail(RuleCode.InvalidEvent);
      const { list, byPlayer, byIndex, held } = state.tickets;
      const refusal = claimRefusal(
        {
          stage,
          luckyFateMode: setup.luckyFateMode,
          started: false,
          ticketsLeft: list.size >= TRIE_CAPACITY ? 0 : (setup.maxTickets ?? Infinity) - held,
          playerHolds: playerTicket(state, playerId) !== null,
        },
        luckyFatePick,
        { cardRequired: false },
      );
      if (refusal) return fail(refusal);
      // Sub-pools deal their own index streams at once, so claims need not come in index order.
      if (claimPosition(state, ticketIndex) >= 0) return fail(RuleCode.TicketIndexTaken);
      const record: TicketRecord = {
        ticketIndex,
        playerId,
        defaultChoice,
        luckyFatePick,
        claimedAt: at,
        numbers: Uint8Array.from(ticketNumbersAt(setup.seedHex, ticketIndex)),
        released: false,
      };
      return advance(state, at, {
        tickets: {
          list: pvecPush(list, record),
          byPlayer: pmapSet(byPlayer, playerId, list.size),
          byIndex: pmapSet(byIndex, String(ticketIndex), list.size),
          held: held + 1,
        },
      });
    }

    case 'ticket-released': {
      if (!isIndex(event.ticketIndex)) return fail(RuleCode.InvalidEvent);
      if (!preStart) return fail(RuleCode.ReleaseClosed);
      const pos = claimPosition(state, event.ticketIndex);
      const record = pos < 0 ? undefined : pvecGet(state.tickets.list, pos);
      if (record === undefined || record.released) return fail(RuleCode.TicketNotHeld);
      const { list, byPlayer, held } = state.tickets;
      return advance(state, at, {
        tickets: {
          ...state.tickets,
          list: pvecSet(list, pos, { ...record, released: true }),
          byPlayer: pmapDelete(byPlayer, record.playerId),
          held: held - 1,
        },
      });
    }

    case 'green-room-opened':
      if (stage !== 'scheduled') return fail(RuleCode.IllegalTransition);
      return advance(state, at, { stage: 'green-room', times: { ...times, greenRoomOpenedAt: at } });

    case 'reels-started': {
      if (!preStart) return fail(RuleCode.IllegalTransition);
      if (state.tickets.held === 0) return fail(RuleCode.NoTickets);
      const expectedBall = prizeBall(setup.seedHex);
      const expectedMultiplier = potMultiplier(setup.seedHex);
      if (event.prizeBall !== expectedBall) return fail(RuleCode.WrongPrizeBall);
      if (event.potMultiplier !== expectedMultiplier) return fail(RuleCode.WrongPotMultiplier);
      return advance(state, at, {
        stage: 'reels',
        times: { ...times, reelsStartedAt: at },
        reels: { prizeBall: expectedBall, potMultiplier: expectedMultiplier },
      });
    }

    case 'lucky-fate-opened':
      if (stage !== 'reels') return fail(RuleCode.IllegalTransition);
      return advance(state, at, { stage: 'lucky-fate', times: { ...times, luckyFateOpenedAt: at } });

    case 'lucky-fate-picked': {
      const { playerId, pick } = event;
      if (!isPlayerId(playerId) || !isPick(pick)) return fail(RuleCode.InvalidEvent);
      if (stage !== 'lucky-fate') return fail(RuleCode.LuckyFateNotOpen);
      if (setup.luckyFateMode !== 'in-game') return fail(RuleCode.LuckyFatePreGame);
      const record = playerTicket(state, playerId);
      if (record === null) return fail(RuleCode.LuckyFateNoTicket);
      if (at >= (times.luckyFateOpenedAt ?? at) + setup.timings.luckyFateMs)
        return fail(RuleCode.LuckyFateTooLate);
      if (record.luckyFatePick !== null) {
        return record.luckyFatePick === pick ? advance(state, at, {}) : fail(RuleCode.LuckyFateAlreadyPicked);
      }
      const pos = claimPosition(state, record.ticketIndex);
      return advance(state, at, {
        tickets: {
          ...state.tickets,
          list: pvecSet(state.tickets.list, pos, { ...record, luckyFatePick: pick }),
        },
      });
    }

    case 'draw-started': {
      if (stage !== 'lucky-fate') return fail(RuleCode.IllegalTransition);
      const held: TicketRecord[] = [];
      pvecForEach(state.tickets.list, (t) => {
        if (!t.released) held.push(t);
      });
      // Slots in ticket index order, whatever order the claims came in.
      held.sort((a, b) => a.ticketIndex - b.ticketIndex);
      return advance(state, at, {
        stage: 'draw',
        times: { ...times, drawStartedAt: at },
        index: buildIndex(held),
        currentPrize: 'one-line',
      });
    }

    case 'draw-paused':
      if (stage !== 'draw' || state.currentPrize === null) return fail(RuleCode.DrawNotRunning);
      if (state.paused) return fail(RuleCode.DrawPaused);
      return advance(state, at, { paused: true });

    case 'draw-resumed':
      if (stage !== 'draw') return fail(RuleCode.DrawNotRunning);
      if (!state.paused) return fail(RuleCode.DrawNotPaused);
      return advance(state, at, { paused: false });

    case 'ball-called':
      return callBall(state, event.ball, at);

    case 'ruthless-started':
      if (stage !== 'draw') return fail(RuleCode.IllegalTransition);
      if (state.currentPrize !== null) return fail(RuleCode.FullHouseNotWon);
      if (state.final === null) return fail(RuleCode.NoFinal);
      return advance(state, at, { stage: 'ruthless', times: { ...times, ruthlessStartedAt: at } });

    case 'choice-made': {
      const { playerId, choice } = event;
      if (!isPlayerId(playerId) || !isChoice(choice)) return fail(RuleCode.InvalidEvent);
      if (stage === 'reveal' && state.final !== null) return fail(RuleCode.FinalOver);
      if (stage !== 'ruthless' || state.final === null) return fail(RuleCode.ChoiceNotOpen);
      const i = state.final.finalists.findIndex((f) => f.playerId === playerId);
      if (i < 0) return fail(RuleCode.NotAFinalist);
      if (at >= (times.ruthlessStartedAt ?? at) + setup.timings.ruthlessMs)
        return fail(RuleCode.ChoiceTooLate);
      const choices = state.final.choices.slice();
      choices[i] = choice;
      return advance(state, at, { final: { ...state.final, choices } });
    }

    case 'reveal-started': {
      if (!Array.isArray(event.luckyFate)) return fail(RuleCode.InvalidEvent);
      if (stage === 'ruthless') {
        const deadline = (times.ruthlessStartedAt ?? at) + setup.timings.ruthlessMs;
        if (at < deadline && state.final!.choices.some((c) => c === null))
          return fail(RuleCode.RevealTooEarly);
      } else if (stage === 'draw') {
        if (state.currentPrize !== null) return fail(RuleCode.FullHouseNotWon);
        if (state.final !== null) return fail(RuleCode.IllegalTransition);
      } else {
        return fail(RuleCode.IllegalTransition);
      }
      const expected = luckyFateToReveal(state);
      if (!sameReveal(expected, event.luckyFate)) return fail(RuleCode.WrongLuckyFate);
      const result = computeResult(state, expected);
      return advance(state, at, {
        stage: 'reveal',
        times: { ...times, revealStartedAt: at },
        result,
        rolloverPence: result.rolloverPence,
      });
    }

    case 'game-ended':
      if (stage !== 'reveal') return fail(RuleCode.IllegalTransition);
      return advance(state, at, { stage: 'ended', times: { ...times, endedAt: at } });

    case 'game-cancelled': {
      if (!preStart) return fail(RuleCode.IllegalTransition);
      let list = pvecEmpty<TicketRecord>();
      pvecForEach(state.tickets.list, (t) => {
        list = pvecPush(list, t.released ? t : { ...t, released: true });
      });
      return advance(state, at, {
        stage: 'cancelled',
        times: { ...times, cancelledAt: at },
        tickets: { list, byPlayer: pmapEmpty(), byIndex: state.tickets.byIndex, held: 0 },
      });
    }

    default:
      return fail(RuleCode.UnknownEventType);
  }
}

function callBall(state: GameState, ball: unknown, at: number): ApplyResult {
  if (typeof ball !== 'number' || !Number.isInteger(ball) || ball < 1 || ball > 90)
    return fail(RuleCode.InvalidEvent);
  if (state.stage !== 'draw' || state.index === null) return fail(RuleCode.DrawNotRunning);
  if (state.currentPrize === null) return fail(RuleCode.FullHouseWon);
  // Paused stops the automatic host only: the host may still call a ball by hand.
  if (state.balls.includes(ball)) return fail(RuleCode.BallAlreadyCalled);
  const { setup } = state;
  if (drawOrderShared(setup.seedHex)[state.balls.length] !== ball) return fail(RuleCode.BallOutOfOrder);

  const { index, wins, currentPrize } = markBall(state.index, ball, state.currentPrize);
  const balls = [...state.balls, ball];
  const onPrizeBall = ball === state.reels?.prizeBall;
  let awards = state.awards;
  let final: FinalState | null = state.final;
  for (const win of wins) {
    const winners = win.slots.map((s) => ({
      ticketIndex: index.slotTicket[s]!,
      playerId: index.slotPlayer[s]!,
    }));
    let amountPence: number;
    let withShares: AwardWinner[];
    if (win.prize === 'full-house') {
      amountPence = potPence(setup, state.reels?.potMultiplier ?? 1, onPrizeBall);
      withShares = winners.map((w) => ({ ...w, basePence: null }));
      final = makeFinal(state, index, win.slots, amountPence);
    } else {
      amountPence = linePrizePence(setup, win.prize, onPrizeBall);
      const shares = splitPence(amountPence, winners.length);
      withShares = winners.map((w, i) => ({ ...w, basePence: shares[i]! }));
    }
    const award: PrizeAward = {
      prize: win.prize,
      ball,
      ballsCalled: balls.length,
      at,
      onPrizeBall,
      amountPence,
      winners: withShares,
    };
    awards = [...awards, award];
  }
  return advance(state, at, { balls, index, currentPrize, awards, final });
}

/** The final's finalists, or null for a single-player game (no final). */
function makeFinal(
  state: GameState,
  index: NonNullable<GameState['index']>,
  winnerSlots: readonly number[],
  potPenceValue: number,
): FinalState | null {
  if (index.slotTicket.length === 1) return null;
  const slots = winnerSlots.map((s) => ({ s, runnerUp: false }));
  if (winnerSlots.length === 1) {
    const r = runnerUp(index, winnerSlots);
    if (r !== null) slots.push({ s: r, runnerUp: true });
  }
  slots.sort((a, b) => a.s - b.s);
  const finalists: Finalist[] = slots.map(({ s, runnerUp: ru }) => {
    const ticketIndex = index.slotTicket[s]!;
    return {
      ticketIndex,
      playerId: index.slotPlayer[s]!,
      defaultChoice: ticketRecord(state, ticketIndex)!.defaultChoice,
      runnerUp: ru,
      numbersLeft: numbersLeft(index, s),
    };
  });
  return { potPence: potPenceValue, finalists, choices: finalists.map(() => null) };
}

/**
 * The lucky-fate cards `reveal-started` must carry: every ticket that won a line, reached the
 * final or (single-player) won the full house, ascending ticket index, with its pick (the
 * player's, else `defaultLuckyFatePick`) and the card at that position.
 */
export function luckyFateToReveal(state: GameState): LuckyFateReveal[] {
  const indices = new Set<number>();
  for (const a of state.awards) for (const w of a.winners) indices.add(w.ticketIndex);
  for (const f of state.final?.finalists ?? []) indices.add(f.ticketIndex);
  const seed = state.setup.seedHex;
  return [...indices]
    .sort((a, b) => a - b)
    .map((ticketIndex) => {
      const pick = ticketRecord(state, ticketIndex)?.luckyFatePick ?? defaultLuckyFatePick(seed, ticketIndex);
      return { ticketIndex, pick, multiplier: luckyFateCards(seed, ticketIndex)[pick] };
    });
}

function sameReveal(a: readonly LuckyFateReveal[], b: readonly LuckyFateReveal[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i];
    if (typeof y !== 'object' || y === null) return false;
    if (x.ticketIndex !== y.ticketIndex || x.pick !== y.pick || x.multiplier !== y.multiplier) return false;
  }
  return true;
}

function computeResult(state: GameState, luckyFate: readonly LuckyFateReveal[]): GameResult {
  const lines = new Map<number, number>();
  const pot = new Map<number, number>();
  const players = new Map<number, string>();
  for (const a of state.awards) {
    for (const w of a.winners) {
      players.set(w.ticketIndex, w.playerId);
      if (w.basePence !== null) lines.set(w.ticketIndex, (lines.get(w.ticketIndex) ?? 0) + w.basePence);
    }
  }
  const fullHouse = state.awards.find((a) => a.prize === 'full-house')!;
  const potPenceValue = fullHouse.amountPence;
  let outcome: GameResult['outcome'];
  let rolloverPence = 0;
  const choices: RevealedChoice[] = [];
  if (state.final === null) {
    outcome = 'no-final';
    const winner = fullHouse.winners[0]!;
    pot.set(winner.ticketIndex, potPenceValue);
  } else {
    state.final.finalists.forEach((f, i) => {
      players.set(f.ticketIndex, f.playerId);
      const made = state.final!.choices[i] ?? null;
      choices.push({
        ticketIndex: f.ticketIndex,
        playerId: f.playerId,
        choice: made ?? f.defaultChoice,
        defaulted: made === null,
      });
      pot.set(f.ticketIndex, 0);
    });
    const stealers = choices.filter((c) => c.choice === 'steal');
    if (stealers.length === 0) {
      outcome = 'all-share';
      const shares = splitPence(potPenceValue, choices.length);
      choices.forEach((c, i) => pot.set(c.ticketIndex, shares[i]!));
    } else if (stealers.length < choices.length) {
      outcome = 'some-steal';
      const shares = splitPence(potPenceValue, stealers.length);
      stealers.forEach((c, i) => pot.set(c.ticketIndex, shares[i]!));
    } else {
      outcome = 'all-steal';
      rolloverPence = potPenceValue;
    }
  }
  const multipliers = new Map(luckyFate.map((l) => [l.ticketIndex, l.multiplier]));
  const payouts: Payout[] = [...players.keys()]
    .sort((a, b) => a - b)
    .map((ticketIndex) => {
      const linesBasePence = lines.get(ticketIndex) ?? 0;
      const finalBasePence = pot.get(ticketIndex) ?? 0;
      const basePence = linesBasePence + finalBasePence;
      const multiplier = multipliers.get(ticketIndex) ?? 1;
      return {
        ticketIndex,
        playerId: players.get(ticketIndex)!,
        linesBasePence,
        finalBasePence,
        basePence,
        multiplier,
        totalPence: basePence * multiplier,
      };
    });
  return { outcome, potPence: potPenceValue, choices, luckyFate, payouts, rolloverPence };
}
