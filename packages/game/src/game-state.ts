import { commitmentOf, isSeedHex } from './seed';
import { pmapEmpty, pmapGet, pvecEmpty, pvecGet } from './persistent';
import type { GameSetup, GameState, NormalizedSetup, TicketRecord, Timings } from './types';

/** Timings used when the setup leaves them out (docs/game-rules.md's defaults). */
export const DEFAULT_TIMINGS: Timings = {
  greenRoomMs: 5 * 60_000,
  reelsMs: 5_000,
  luckyFateMs: 15_000,
  ballIntervalMs: 4_000,
  ruthlessMs: 20_000,
  revealStepMs: 3_000,
};

function isPence(n: unknown): n is number {
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
}

function isDuration(n: unknown): n is number {
  return typeof n === 'number' && Number.isFinite(n) && n >= 0;
}

/**
 * A new game in the `scheduled` stage.
 * @throws TypeError when the setup is malformed: a seed that is not 64 lowercase hex characters,
 * a commitment that is not `commitmentOf(seedHex)`, prizes or rollover that are not whole
 * non-negative pence, an unknown lucky-fate mode, negative timings or maxTickets. (The server
 * builds setups itself, so a bad one is a bug, not a rule broken by a player.)
 */
export function createGame(setup: GameSetup): GameState {
  if (!isSeedHex(setup.seedHex)) throw new TypeError('setup.seedHex must be 64 lowercase hex characters');
  if (setup.commitment !== commitmentOf(setup.seedHex))
    throw new TypeError('setup.commitment is not commitmentOf(seedHex)');
  const { oneLine, twoLines, fullHouse } = setup.prizes;
  if (!isPence(oneLine) || !isPence(twoLines) || !isPence(fullHouse))
    throw new TypeError('prizes must be whole pence >= 0');
  const rolloverPence = setup.rolloverPence ?? 0;
  if (!isPence(rolloverPence)) throw new TypeError('rolloverPence must be whole pence >= 0');
  if (setup.luckyFateMode !== 'pre-game' && setup.luckyFateMode !== 'in-game')
    throw new TypeError('unknown luckyFateMode');
  const timings: Timings = { ...DEFAULT_TIMINGS, ...setup.timings };
  for (const v of Object.values(timings))
    if (!isDuration(v)) throw new TypeError('timings must be durations >= 0 in ms');
  const maxTickets = setup.maxTickets ?? null;
  if (maxTickets !== null && !isPence(maxTickets))
    throw new TypeError('maxTickets must be a whole number >= 0');
  const normalized: NormalizedSetup = {
    gameUuid: setup.gameUuid,
    seedHex: setup.seedHex,
    commitment: setup.commitment,
    prizes: { oneLine, twoLines, fullHouse },
    luckyFateMode: setup.luckyFateMode,
    timings,
    rolloverPence,
    maxTickets,
  };
  return {
    setup: normalized,
    stage: 'scheduled',
    times: {
      greenRoomOpenedAt: null,
      reelsStartedAt: null,
      luckyFateOpenedAt: null,
      drawStartedAt: null,
      ruthlessStartedAt: null,
      revealStartedAt: null,
      endedAt: null,
      cancelledAt: null,
    },
    eventCount: 0,
    lastEventAt: null,
    tickets: { list: pvecEmpty(), byPlayer: pmapEmpty(), byIndex: pmapEmpty(), held: 0 },
    reels: null,
    paused: false,
    balls: [],
    index: null,
    currentPrize: null,
    awards: [],
    final: null,
    result: null,
    rolloverPence: 0,
  };
}

/** Position in the claim list of a ticket index, or -1. */
export function claimPosition(state: GameState, ticketIndex: number): number {
  return pmapGet(state.tickets.byIndex, String(ticketIndex)) ?? -1;
}

/** The claim record of a ticket index (held or released), or null. */
export function ticketRecord(state: GameState, ticketIndex: number): TicketRecord | null {
  const pos = claimPosition(state, ticketIndex);
  return pos < 0 ? null : pvecGet(state.tickets.list, pos)!;
}

/** The ticket a player holds, or null. */
export function playerTicket(state: GameState, playerId: string): TicketRecord | null {
  const pos = pmapGet(state.tickets.byPlayer, playerId);
  return pos === undefined ? null : pvecGet(state.tickets.list, pos)!;
}
