import { createHmac } from 'node:crypto';
import {
  applyEvent,
  createGame,
  playerView,
  publicView,
  publishedEventLog,
  ticketAt,
  type GameEvent,
  type GameSetup,
  type GameState,
  type TicketClaimed,
} from '@ruthless/game';
import {
  GameErrorCode,
  type GameEventLog,
  type GameResults,
  type GameSnapshot,
  type LiveGameMessage,
  type LiveView,
  type WireEvent,
} from '@ruthless/protocol';
import type { GameRow } from '../games/games.repository';
import type { Phones } from '../realtime/phones';
import { SharedReads } from '../db/shared-reads';
import type { LiveRepository, StoredEvent } from './live.repository';

/** A game as this process last folded it from the event log. */
interface LiveGame {
  row: GameRow;
  /** What the setup was built from: a change (host edit, rollover) means folding again. */
  setupKey: string;
  seq: number;
  state: GameState;
}

export type AppendResult = { ok: true; appended: boolean; state: GameState } | { ok: false; code: string };

// A client further behind than this gets the snapshot alone.
const MAX_REPLAY = 200;
const QUEUE_LIMIT = 20;
// Events resent when this process has not followed a game yet (claims landing here first).
const RECENT_EVENTS = 50;

/** The game's stored timings (host API names) in the engine's names. */
function engineTimings(timings: Record<string, number>): GameSetup['timings'] {
  const { revealMs, ...rest } = timings;
  return { ...rest, ...(revealMs !== undefined ? { revealStepMs: revealMs } : {}) };
}

function setupOf(row: GameRow): GameSetup {
  return {
    gameUuid: row.id,
    seedHex: row.seedHex,
    commitment: row.commitment,
    prizes: { oneLine: row.prizeOneLine, twoLines: row.prizeTwoLines, fullHouse: row.prizeFullHouse },
    luckyFateMode: row.luckyFateMode as GameSetup['luckyFateMode'],
    timings: engineTimings(row.timings),
    rolloverPence: row.rolloverPence,
    maxTickets: row.maxTickets,
  };
}

/** Viewers never see profile defaults, nor a finalist's choice or an in-game pick before the reveal. */
/**
 * A player's id in one game's published log: an HMAC of the game's seed and the player id under
 * a key the server keeps (auth/server-keys.ts), so it changes with every game and nobody can
 * compute it from the published seed and a player id (docs/game-rules.md, Fairness).
 */
export function gamePseudonym(key: Buffer, seedHex: string, playerId: string): string {
  return createHmac('sha256', key).update(`${seedHex}:${playerId}`).digest('hex').slice(0, 32);
}

export function toWireEvent(event: GameEvent): WireEvent {
  switch (event.type) {
    case 'ticket-claimed':
      return { type: event.type, at: event.at, ticketIndex: event.ticketIndex, playerId: event.playerId };
    case 'choice-made':
    case 'lucky-fate-picked':
      return { type: event.type, at: event.at, playerId: event.playerId };
    default:
      return event;
  }
}

/**
 * Live games, event-sourced: every change is an event appended under the game's row lock after
 * the engine accepted it, then broadcast with the public view it leads to. Any process can
 * append (host controls, choices); the runner's lease only decides who keeps the clock.
 */
export class LiveGames {
  private readonly games = new Map<string, LiveGame>();
  // Names are read from the profiles each time (never kept here, so a rename on any process
  // shows at once); joins asking for the same players at once share the read.
  private readonly nameReads = new SharedReads((key: string) =>
    this.repository.names(key ? key.split(' ') : []),
  );
  // Joins of one game at once (the green room's doors, a reconnect storm) share their reads.
  private readonly joinReads = new SharedReads((gameId: string) => this.get(gameId));
  private readonly replayReads = new SharedReads((key: string) => {
    const [gameId, afterSeq] = key.split(' ') as [string, string];
    return this.repository.eventsAfter(gameId, Number(afterSeq), MAX_REPLAY);
  });

  private readonly claimCatchUps = new Map<string, { row: GameRow; again: boolean }>();
  private readonly endListeners: ((gameId: string, winners: string[]) => Promise<void>)[] = [];

  constructor(
    private readonly repository: LiveRepository,
    private readonly phones: Pick<Phones, 'gameEvent' | 'playerRenamed'>,
    /** The key of published logs' pseudonyms (never published). */
    private readonly pseudonymKey: Buffer,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * What to do once a game's end is stored and broadcast, on the process that appended it, with
   * the players who won a prize (the "you won" push notes who of them was watching). A listener
   * runs alongside (the append does not wait) and handles its own failures.
   */
  onGameEnded(listener: (gameId: string, winners: string[]) => Promise<void>): void {
    this.endListeners.push(listener);
  }

  /** A player's pseudonym in the published log of the game of `seedHex`. */
  pseudonym(seedHex: string, playerId: string): string {
    return gamePseudonym(this.pseudonymKey, seedHex, playerId);
  }

  /** The game folded up to its latest stored event, or undefined if there is no such game. */
  async get(gameId: string): Promise<LiveGame | undefined> {
    const row = await this.repository.findGame(gameId);
    if (!row) return undefined;
    const live = await this.catchUp(row, this.repository);
    this.remember(live);
    return live;
  }

  /**
   * Appends the event `build` returns (null: nothing to do), if the engine accepts it, with the
   * game's row locked so that claims, the runner, hosts and players on any process queue up.
   */
  async append(
    gameId: string,
    build: (state: GameState, now: number) => GameEvent | null,
    /** Checked under the lock first; false refuses with `code` (the runner's lease fence). */
    guard?: { check: (tx: LiveRepository) => Promise<boolean>; code: string },
  ): Promise<AppendResult> {
    const outcome = await this.repository.withGameLocked(gameId, async (row, tx) => {
      if (guard && !(await guard.check(tx))) return { live: undefined, event: null, code: guard.code };
      const live = await this.catchUp(row, tx);
      const event = build(live.state, this.clock());
      if (!event) return { live, event: null, code: null };
      const applied = applyEvent(live.state, event);
      if (!applied.ok) return { live, event: null, code: applied.code };
      const seq = row.eventSeq + 1;
      await tx.appendEvent(gameId, seq, event, applied.state.stage);
      await this.applySideEffects(tx, row, event, applied.state);
      return { live: { ...live, seq, state: applied.state }, event, code: null };
    });
    if (outcome.live) this.remember(outcome.live);
    if (outcome.code || !outcome.live) return { ok: false, code: outcome.code ?? GameErrorCode.notAppended };
    if (outcome.event)
      this.phones.gameEvent(gameId, await this.message(outcome.live, outcome.live.seq, outcome.event));
    if (outcome.event?.type === 'game-ended') {
      const payouts = outcome.live.state.result?.payouts ?? [];
      const winners = [...new Set(payouts.filter((p) => p.totalPence > 0).map((p) => p.playerId))];
      // Not waited for: asking a cluster's sockets must not hold up the end's answer.
      for (const listener of this.endListeners) void listener(gameId, winners);
    }
    return { ok: true, appended: outcome.event !== null, state: outcome.live.state };
  }

  /**
   * A claim the tickets' one statement stored (deal_ticket_group, with `row` as it left the game): the
   * engine's reducer folds it into the game this process follows and its viewers get it at once.
   * A game not followed here, or followed behind this claim, catches up from the log instead.
   */
  async claimed(row: GameRow, event: TicketClaimed): Promise<void> {
    const seq = row.eventSeq;
    const live = this.games.get(row.id);
    const setupKey = JSON.stringify(setupOf(row));
    if (!live || live.seq !== seq - 1 || live.setupKey !== setupKey) return this.catchUpClaims(row);
    const applied = applyEvent(live.state, event);
    // The statement guards what the engine's claim rule says: a refusal here is a bug.
    if (!applied.ok) throw new Error(`claim ${seq} of game ${row.id} refused by the engine: ${applied.code}`);
    const next = { row, setupKey, seq, state: applied.state };
    this.remember(next);
    this.phones.gameEvent(row.id, await this.message(next, seq, event));
  }

  /**
   * One catch-up at a time per game: claims that arrive while one reads the log are taken by one
   * more round after it (up to the newest of their rows), so a rush of claims landing on
   * several processes costs each a read now and then, not one per claim.
   */
  private async catchUpClaims(row: GameRow): Promise<void> {
    const running = this.claimCatchUps.get(row.id);
    if (running) {
      if (row.eventSeq > running.row.eventSeq) running.row = row;
      running.again = true;
      return;
    }
    const round = { row, again: false };
    this.claimCatchUps.set(row.id, round);
    try {
      do {
        round.again = false;
        await this.publishUpTo(round.row);
      } while (round.again);
    } finally {
      this.claimCatchUps.delete(row.id);
    }
  }

  /**
   * Folds the log up to `row` at least (one read) and broadcasts what this process had not: the
   * recent events when it followed the game not at all; viewers drop the seqs they already have.
   */
  private async publishUpTo(row: GameRow): Promise<void> {
    const before = this.games.get(row.id);
    if (before && before.seq >= row.eventSeq && before.setupKey === JSON.stringify(setupOf(row))) return;
    const read: StoredEvent[] = [];
    const live = await this.catchUp(row, this.repository, read);
    this.remember(live);
    const after = before?.seq ?? Math.max(0, row.eventSeq - RECENT_EVENTS);
    for (const { seq, event } of read) {
      if (seq > after) this.phones.gameEvent(row.id, await this.message(live, seq, event));
    }
  }

  /** What a viewer needs on joining: the current view, their own part, and what they missed. */
  async join(
    gameId: string,
    playerId: string | null,
    lastSeq: number | null,
  ): Promise<{ snapshot: Omit<GameSnapshot, 'chat'>; missed: LiveGameMessage[] } | undefined> {
    const live = await this.joinReads.get(gameId);
    if (!live) return undefined;
    const now = this.clock();
    const view = await this.view(live, now);
    let you: GameSnapshot['you'] = null;
    if (playerId) {
      const mine = playerView(live.state, playerId, now, { queueLimit: QUEUE_LIMIT });
      const ticket = mine.myTicket ? ticketAt(live.row.seedHex, mine.myTicket.ticketIndex) : null;
      you = {
        playerId,
        myTicket: mine.myTicket,
        isFinalist: mine.isFinalist,
        myChoice: mine.myChoice,
        ticket,
      };
    }
    let missed: LiveGameMessage[] = [];
    if (lastSeq !== null && lastSeq < live.seq && live.seq - lastSeq <= MAX_REPLAY) {
      // Missed events carry the current view: the client renders the latest, announces the rest.
      const events = await this.replayReads.get(`${gameId} ${lastSeq}`);
      missed = events.map(({ seq, event }) => ({
        gameUuid: gameId,
        seq,
        at: event.at,
        event: toWireEvent(event),
        view,
      }));
    }
    return { snapshot: { gameUuid: gameId, seq: live.seq, serverTime: now, view, you }, missed };
  }

  /**
   * An ended game's whole stored log with its seed, for anyone to check. Never before the end:
   * the seed, profile defaults and choices are the secrets of a live game.
   */
  async eventLog(gameId: string): Promise<GameEventLog | 'not-found' | 'not-ended'> {
    const live = await this.get(gameId);
    if (!live) return 'not-found';
    if (live.state.stage !== 'ended') return 'not-ended';
    const stored = await this.repository.eventsAfter(gameId, 0);
    const seed = live.row.seedHex;
    // The defaults that decided a finalist's choice were shown at the reveal; no other is told.
    const playedDefaults = new Set(
      (live.state.result?.choices ?? [])
        .filter((choice) => choice.defaulted)
        .map((choice) => choice.playerId),
    );
    return {
      gameUuid: live.row.id,
      seed,
      commitment: live.row.commitment,
      events: publishedEventLog(
        stored.map(({ event }) => event),
        (playerId) => this.pseudonym(seed, playerId),
        playedDefaults,
      ),
    };
  }

  /** The published results of an ended game, or a reason why there are none. */
  async results(gameId: string): Promise<GameResults | 'not-found' | 'not-ended'> {
    const live = await this.get(gameId);
    if (!live) return 'not-found';
    const { state, row } = live;
    if (state.stage !== 'ended' || !state.result || !state.reels) return 'not-ended';
    const result = state.result;
    const holders = await this.repository.ticketHolders(gameId);
    // The names as they were when the game ended (stored then); read now for older games only.
    const names = row.resultNames ?? (await this.namesOf(holders.map((holder) => holder.playerId)));
    const name = (playerId: string) => names[playerId] ?? 'Player';
    const won = new Map<string, number>();
    for (const payout of result.payouts)
      won.set(payout.playerId, (won.get(payout.playerId) ?? 0) + payout.totalPence);
    const cards = new Map(result.luckyFate.map((card) => [card.ticketIndex, card]));
    const payoutOf = (ticketIndex: number) =>
      result.payouts.find((payout) => payout.ticketIndex === ticketIndex);
    return {
      gameUuid: row.id,
      roomUuid: row.roomId,
      seed: row.seedHex,
      commitment: row.commitment,
      ballSequence: [...state.balls],
      prizeBall: state.reels.prizeBall,
      potMultiplier: state.reels.potMultiplier,
      winners: state.awards.map((award) => ({
        prize: award.prize,
        ball: award.ball,
        onPrizeBall: award.onPrizeBall,
        tickets: award.winners.map((winner) => {
          const payout = payoutOf(winner.ticketIndex);
          const base = award.prize === 'full-house' ? 0 : (winner.basePence ?? 0);
          return {
            ticketIndex: winner.ticketIndex,
            playerId: winner.playerId,
            name: name(winner.playerId),
            pence: base * (payout?.multiplier ?? 1),
          };
        }),
      })),
      finalists: (state.final?.finalists ?? []).map((finalist) => {
        const revealed = result.choices.find((choice) => choice.ticketIndex === finalist.ticketIndex);
        const card = cards.get(finalist.ticketIndex)!;
        return {
          ticketIndex: finalist.ticketIndex,
          playerId: finalist.playerId,
          name: name(finalist.playerId),
          runnerUp: finalist.runnerUp,
          choice: revealed?.choice ?? null,
          defaulted: revealed?.defaulted ?? false,
          luckyFatePick: card.pick,
          luckyFateMultiplier: card.multiplier,
        };
      }),
      outcome: result.outcome,
      potPence: result.potPence,
      rolloverPence: result.rolloverPence,
      payouts: holders.map((holder) => ({
        playerId: holder.playerId,
        name: name(holder.playerId),
        pence: won.get(holder.playerId) ?? 0,
      })),
    };
  }

  /** Keeps games still in play; a finished one is folded again on the rare later read. */
  private remember(live: LiveGame): void {
    if (live.state.stage === 'ended' || live.state.stage === 'cancelled') this.games.delete(live.row.id);
    else this.games.set(live.row.id, live);
  }

  /** The game folded up to its stored log (`read`: the events read for it, if given). */
  private async catchUp(row: GameRow, repository: LiveRepository, read?: StoredEvent[]): Promise<LiveGame> {
    const setup = setupOf(row);
    const setupKey = JSON.stringify(setup);
    let live = this.games.get(row.id);
    if (!live || live.setupKey !== setupKey || live.seq > row.eventSeq) {
      live = { row, setupKey, seq: 0, state: createGame(setup) };
    }
    if (live.seq === row.eventSeq) return { ...live, row };
    const events: StoredEvent[] = await repository.eventsAfter(row.id, live.seq);
    read?.push(...events);
    let state = live.state;
    let seq = live.seq;
    for (const stored of events) {
      const applied = applyEvent(state, stored.event);
      // A stored event was accepted when it was appended: refusing it now is a bug, not input.
      if (!applied.ok)
        throw new Error(`stored event ${stored.seq} of game ${row.id} refused: ${applied.code}`);
      state = applied.state;
      seq = stored.seq;
    }
    return { row, setupKey, seq, state };
  }

  private async applySideEffects(tx: LiveRepository, row: GameRow, event: GameEvent, state: GameState) {
    if (event.type === 'game-cancelled') await tx.releaseTickets(row.id, new Date(event.at));
    if (event.type === 'game-ended' && state.result) {
      const pence = new Map<string, number>();
      for (const payout of state.result.payouts) {
        pence.set(payout.playerId, (pence.get(payout.playerId) ?? 0) + payout.totalPence);
      }
      await tx.savePayouts(row.id, pence);
      await tx.saveOutcome(
        {
          gameId: row.id,
          outcome: state.result.outcome,
          potPence: state.result.potPence,
          paidPence: [...pence.values()].reduce((sum, amount) => sum + amount, 0),
          rolloverOutPence: state.rolloverPence,
          players: state.tickets.held,
        },
        row.roomId,
        row.startTime,
      );
      const holders = await tx.ticketHolders(row.id);
      const names = await tx.names(holders.map((holder) => holder.playerId));
      await tx.saveEnd(
        row.id,
        Object.fromEntries(holders.map(({ playerId }) => [playerId, names.get(playerId) ?? 'Player'])),
        new Date(event.at),
      );
      if (state.rolloverPence > 0) await tx.rollOver(row.roomId, row.startTime, state.rolloverPence);
    }
  }

  private async message(live: LiveGame, seq: number, event: GameEvent): Promise<LiveGameMessage> {
    return {
      gameUuid: live.row.id,
      seq,
      at: event.at,
      event: toWireEvent(event),
      view: await this.view(live, this.clock()),
    };
  }

  private async view(live: LiveGame, now: number): Promise<LiveView> {
    const view = publicView(live.state, now, { queueLimit: QUEUE_LIMIT });
    const mentioned = new Set<string>();
    for (const entry of view.bingoTicketQueue) mentioned.add(entry.playerId);
    for (const award of view.awards) for (const winner of award.winners) mentioned.add(winner.playerId);
    for (const finalist of view.final?.finalists ?? []) mentioned.add(finalist.playerId);
    for (const payout of view.result?.payouts ?? []) mentioned.add(payout.playerId);
    return {
      ...view,
      roomUuid: live.row.roomId,
      gameStartTime: live.row.startTime.toISOString(),
      videoSource: live.row.videoSource,
      names: await this.namesOf([...mentioned], live.row.resultNames),
    };
  }

  /** The players' names: an ended game's as they were at its end, else the profiles' now. */
  private async namesOf(
    playerIds: string[],
    atEnd: Record<string, string> | null = null,
  ): Promise<Record<string, string>> {
    if (playerIds.length === 0) return {};
    const now = atEnd ?? Object.fromEntries(await this.nameReads.get([...playerIds].sort().join(' ')));
    return Object.fromEntries(playerIds.map((id) => [id, now[id] ?? 'Player']));
  }

  /**
   * After a player's alias changed (their edit, a host's reset): every game they hold a ticket
   * for that is not over is told, through the realtime fan-out, so every screen and every
   * process shows the new name at once. An ended game's results keep the names of its end.
   */
  async announceName(playerId: string): Promise<void> {
    const gameIds = await this.repository.openGamesOf(playerId);
    if (gameIds.length === 0) return;
    const alias = await this.repository.aliasOf(playerId);
    for (const gameUuid of gameIds)
      this.phones.playerRenamed(gameUuid, {
        gameUuid,
        playerUuid: playerId,
        name: alias ?? 'Player',
        aliasReset: alias === null,
      });
  }
}
