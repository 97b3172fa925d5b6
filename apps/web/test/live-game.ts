import {
  applyEvent,
  commitmentOf,
  createGame,
  drawOrder,
  luckyFateToReveal,
  nextBall,
  playerView,
  potMultiplier,
  prizeBall,
  publicView,
  publishedEventLog,
  ticketAt,
  type Choice,
  type GameEvent,
  type GameState,
  type LuckyFateMode,
  type LuckyFatePick,
  type Prizes,
  type Timings,
} from '@ruthless/game';
import type {
  ChatMessage,
  GameEventLog,
  GameResults,
  GameSnapshot,
  JoinGameResult,
  LiveGameMessage,
  LiveView,
  PlayerRenamedPayload,
  WireEvent,
  YouView,
} from '@ruthless/protocol';
import { mentionedPlayers } from '@ruthless/protocol/replay';
import { roomsResponseSchema, type Room } from '@ruthless/protocol/rooms';
import { act } from '@testing-library/react';

/**
 * The game screen's edge in component tests: a fake Socket.IO client standing where
 * `socket.io-client`'s `io()` would (so the app's own lib/socket.ts, lib/live-game feed and the
 * real game store run as in the browser), and a fake server side that plays a show with the real
 * engine (`@ruthless/game`) and hands the screen the protocol's messages: the join's snapshot,
 * each event with the view after it, the results and the event log.
 *
 * A test file routes `io()` here with
 *   vi.mock('socket.io-client', async () => (await import('<path>/test/live-game')).socketIoClient);
 * and calls `resetFakeSocket()` in beforeEach.
 */

type Listener = (...args: unknown[]) => void;
/** The fake server's answer to an event the app emits (with an ack, when it asked for one). */
type ServerHandler = (payload: unknown) => unknown;

export class FakeSocket {
  connected = true;
  active = true;
  /** Whether Socket.IO recovered the session at the last connection (its rooms and missed packets). */
  recovered = false;
  /** Every event the app emitted, in order: `[name, payload]`. */
  readonly emitted: [string, unknown][] = [];
  /** What the app said it was at the last handshake (its `auth` option's answer). */
  handshake: unknown = null;
  private listeners = new Map<string, Set<Listener>>();
  private handlers = new Map<string, ServerHandler>();
  /** The connection's manager: these tests never lose the connection, so its settings go unused. */
  readonly io = {
    on: () => this.io,
    reconnectionDelay: () => this.io,
    randomizationFactor: () => this.io,
  };
  private auth: ((send: (data: unknown) => void) => void) | null = null;

  /** `io()`'s `auth` option: asked for the identity at each connection, as Socket.IO does. */
  useAuth(auth: unknown) {
    this.auth = typeof auth === 'function' ? (auth as (send: (data: unknown) => void) => void) : null;
  }

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  /** The app's emit: answered by the fake server's handler (the ack, when the last argument is one). */
  emit(event: string, ...args: unknown[]) {
    const ack = typeof args.at(-1) === 'function' ? (args.pop() as (...reply: unknown[]) => void) : null;
    const payload = args[0];
    this.emitted.push([event, payload]);
    const handler = this.handlers.get(event);
    if (ack) {
      void Promise.resolve(handler ? handler(payload) : undefined).then((answer) =>
        event === 'ping' ? ack(null, answer) : ack(answer),
      );
    }
    return this;
  }

  async emitWithAck(event: string, payload?: unknown): Promise<unknown> {
    this.emitted.push([event, payload]);
    const handler = this.handlers.get(event);
    if (!handler) throw new Error(`operation has timed out (no fake answer to ${event})`);
    return handler(payload);
  }

  timeout() {
    return this;
  }

  get volatile() {
    return this;
  }

  connect({ recovered = false }: { recovered?: boolean } = {}) {
    this.auth?.((data) => (this.handshake = data));
    this.recovered = recovered;
    this.connected = true;
    this.active = true;
    this.serverPush('connect');
    return this;
  }

  disconnect() {
    this.connected = false;
    this.active = false;
    this.serverPush('disconnect', 'io client disconnect');
    return this;
  }

  /** The fake server answers `event` with `handler(payload)` (an ack's value). */
  answer(event: string, handler: ServerHandler) {
    this.handlers.set(event, handler);
  }

  /** The server pushes `event` to the app's listeners (inside act, so the screen catches up). */
  serverPush(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }

  /** How many listeners the app has on `event` (a screen that unmounted leaves none). */
  listenerCount(event: string) {
    return this.listeners.get(event)?.size ?? 0;
  }

  reset() {
    this.connected = true;
    this.recovered = false;
    this.active = true;
    this.emitted.length = 0;
    this.handlers.clear();
    // The server's clock is this test's clock.
    this.answer('ping', () => Date.now());
  }
}

export const fakeSocket = new FakeSocket();

/** `socket.io-client` as the app sees it in these tests. */
export const socketIoClient = {
  io: (options?: { auth?: unknown }) => {
    fakeSocket.useAuth(options?.auth);
    return fakeSocket;
  },
};

export function resetFakeSocket() {
  fakeSocket.reset();
}

/** A pushed event, inside act so React has rendered what it changed. */
export async function push(event: string, ...args: unknown[]) {
  await act(async () => {
    fakeSocket.serverPush(event, ...args);
    await Promise.resolve();
  });
}

// A fixed seed: the draw, the prize ball, the pot multiplier and the tickets are the same every run.
export const SEED = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';

export interface FakeShowOptions {
  gameUuid?: string;
  roomUuid?: string;
  seedHex?: string;
  prizes?: Prizes;
  luckyFateMode?: LuckyFateMode;
  timings?: Partial<Timings>;
  rolloverPence?: number;
  /** ISO start of the show; default ten minutes from now. */
  gameStartTime?: string;
  videoSource?: string | null;
}

export interface Holder {
  playerId: string;
  name: string;
  ticketIndex: number;
  defaultChoice: Choice;
}

const wire = (event: GameEvent): WireEvent => {
  switch (event.type) {
    case 'ticket-claimed':
      return { type: event.type, at: event.at, ticketIndex: event.ticketIndex, playerId: event.playerId };
    case 'choice-made':
    case 'lucky-fate-picked':
      return { type: event.type, at: event.at, playerId: event.playerId };
    default:
      return event;
  }
};

/**
 * A show on the fake server: the real engine folds each event, and the app gets what the server
 * would send (`game:event` with the live view after it; a snapshot on `game:join`). `me` is the
 * player whose phone this is (their ticket in the snapshot's `you`), null for a spectator or preview.
 */
export class FakeShow {
  readonly gameUuid: string;
  readonly roomUuid: string;
  readonly gameStartTime: string;
  readonly videoSource: string | null;
  state: GameState;
  seq = 0;
  readonly events: GameEvent[] = [];
  readonly messages: LiveGameMessage[] = [];
  readonly holders: Holder[] = [];
  /** The chat in the join's snapshot. */
  chat: ChatMessage[] = [];
  me: string | null = null;

  constructor(options: FakeShowOptions = {}) {
    const seedHex = options.seedHex ?? SEED;
    this.gameUuid = options.gameUuid ?? '11111111-2222-4333-8444-555555555555';
    this.roomUuid = options.roomUuid ?? '99999999-8888-4777-8666-555555555555';
    this.gameStartTime = options.gameStartTime ?? new Date(Date.now() + 10 * 60_000).toISOString();
    this.videoSource = options.videoSource ?? null;
    this.state = createGame({
      gameUuid: this.gameUuid,
      seedHex,
      commitment: commitmentOf(seedHex),
      prizes: options.prizes ?? { oneLine: 1000, twoLines: 2500, fullHouse: 10000 },
      luckyFateMode: options.luckyFateMode ?? 'in-game',
      timings: options.timings ?? {},
      rolloverPence: options.rolloverPence ?? 0,
    });
  }

  get seedHex() {
    return this.state.setup.seedHex;
  }
  get prizeBall() {
    return prizeBall(this.seedHex);
  }
  get potMultiplier() {
    return potMultiplier(this.seedHex);
  }
  /** The seed's whole draw order. */
  get order() {
    return drawOrder(this.seedHex);
  }

  /** The live view the server sends now. */
  view(at = Date.now()): LiveView {
    const view = publicView(this.state, at, { queueLimit: 20 });
    const names = Object.fromEntries(this.holders.map((h) => [h.playerId, h.name]));
    return {
      ...view,
      roomUuid: this.roomUuid,
      gameStartTime: this.gameStartTime,
      videoSource: this.videoSource,
      names: Object.fromEntries(mentionedPlayers(view).map((id) => [id, names[id] ?? 'Player'])),
    };
  }

  /** What `me` alone sees (their ticket), or null for a spectator. */
  you(at = Date.now()): YouView | null {
    const holder = this.holders.find((h) => h.playerId === this.me);
    if (!holder) return null;
    const mine = playerView(this.state, holder.playerId, at);
    return {
      playerId: holder.playerId,
      myTicket: mine.myTicket,
      isFinalist: mine.isFinalist,
      myChoice: mine.myChoice,
      ticket: ticketAt(this.seedHex, holder.ticketIndex),
    };
  }

  snapshot(): GameSnapshot {
    return {
      gameUuid: this.gameUuid,
      seq: this.seq,
      serverTime: Date.now(),
      view: this.view(),
      you: this.you(),
      chat: this.chat,
    };
  }

  /** Answers `game:join` on the fake socket: the snapshot, and the events after the client's lastSeq. */
  serve(options: { preview?: boolean; refuse?: string; answerAfter?: Promise<void> } = {}) {
    fakeSocket.answer('game:join', async (request): Promise<JoinGameResult> => {
      // A slow connection: the answer waits for the test to let it go.
      await options.answerAfter;
      const { lastSeq } = request as { lastSeq: number | null };
      if (options.refuse) return { ok: false, message: options.refuse };
      const snapshot = this.snapshot();
      if (options.preview) snapshot.you = null;
      return {
        ok: true,
        snapshot,
        missed: lastSeq === null ? [] : this.messages.filter((m) => m.seq > lastSeq),
      };
    });
    return this;
  }

  /** Folds `event` with the engine (throwing on a broken rule) and keeps the message. */
  private fold(event: GameEvent): LiveGameMessage {
    const applied = applyEvent(this.state, event);
    if (!applied.ok) throw new Error(`${event.type} refused by the engine: ${applied.code}`);
    this.state = applied.state;
    this.events.push(event);
    this.seq += 1;
    const message: LiveGameMessage = {
      gameUuid: this.gameUuid,
      seq: this.seq,
      at: event.at,
      event: wire(event),
      view: this.view(event.at),
    };
    this.messages.push(message);
    return message;
  }

  /** An event that happened before the screen opened (in the snapshot, not pushed). */
  before(event: GameEvent | ((at: number) => GameEvent)) {
    this.fold(typeof event === 'function' ? event(Date.now()) : event);
    return this;
  }

  /** An event pushed to the screen now, as the server broadcasts it. */
  async happen(event: GameEvent | ((at: number) => GameEvent)) {
    const message = this.fold(typeof event === 'function' ? event(Date.now()) : event);
    await push('game:event', message);
    return message;
  }

  // --- the show's steps, each `(at) => event` to hand to before() or happen() ---

  claim(
    playerId: string,
    name: string,
    options: { pick?: LuckyFatePick | null; defaultChoice?: Choice } = {},
  ) {
    const ticketIndex = this.holders.length;
    const holder = { playerId, name, ticketIndex, defaultChoice: options.defaultChoice ?? 'share' };
    this.holders.push(holder);
    return (at: number): GameEvent => ({
      type: 'ticket-claimed',
      at,
      ticketIndex,
      playerId,
      defaultChoice: holder.defaultChoice,
      luckyFatePick: options.pick ?? null,
    });
  }
  greenRoom =
    () =>
    (at: number): GameEvent => ({ type: 'green-room-opened', at });
  reels =
    () =>
    (at: number): GameEvent => ({
      type: 'reels-started',
      at,
      prizeBall: this.prizeBall,
      potMultiplier: this.potMultiplier,
    });
  luckyFate =
    () =>
    (at: number): GameEvent => ({ type: 'lucky-fate-opened', at });
  pick =
    (playerId: string, pick: LuckyFatePick) =>
    (at: number): GameEvent => ({
      type: 'lucky-fate-picked',
      at,
      playerId,
      pick,
    });
  draw =
    () =>
    (at: number): GameEvent => ({ type: 'draw-started', at });
  pause =
    () =>
    (at: number): GameEvent => ({ type: 'draw-paused', at });
  resume =
    () =>
    (at: number): GameEvent => ({ type: 'draw-resumed', at });
  ball =
    () =>
    (at: number): GameEvent => {
      const ball = nextBall(this.state);
      if (ball === null) throw new Error('no ball may be called now');
      return { type: 'ball-called', at, ball };
    };
  ruthless =
    () =>
    (at: number): GameEvent => ({ type: 'ruthless-started', at });
  choose =
    (playerId: string, choice: Choice) =>
    (at: number): GameEvent => ({
      type: 'choice-made',
      at,
      playerId,
      choice,
    });
  reveal =
    () =>
    (at: number): GameEvent => ({
      type: 'reveal-started',
      at,
      luckyFate: luckyFateToReveal(this.state),
    });
  end =
    () =>
    (at: number): GameEvent => ({ type: 'game-ended', at });
  cancel =
    () =>
    (at: number): GameEvent => ({ type: 'game-cancelled', at });

  /** Balls called before the screen opened until `until` holds (or the full house is won). */
  ballsBefore(until: (state: GameState) => boolean = () => false) {
    while (this.state.currentPrize !== null && !until(this.state)) this.before(this.ball());
    return this;
  }

  /** A show played up to its draw before the screen opened: claims, green room, reels, lucky fate, draw. */
  upToDraw() {
    return this.before(this.greenRoom()).before(this.reels()).before(this.luckyFate()).before(this.draw());
  }

  /** `GET /api/games/{id}/results` as the server answers it after the end (live-games.service). */
  results(): GameResults {
    const { state } = this;
    const result = state.result!;
    const name = (playerId: string) => this.holders.find((h) => h.playerId === playerId)?.name ?? 'Player';
    const won = new Map<string, number>();
    for (const payout of result.payouts)
      won.set(payout.playerId, (won.get(payout.playerId) ?? 0) + payout.totalPence);
    const cards = new Map(result.luckyFate.map((card) => [card.ticketIndex, card]));
    const payoutOf = (ticketIndex: number) => result.payouts.find((p) => p.ticketIndex === ticketIndex);
    return {
      gameUuid: this.gameUuid,
      roomUuid: this.roomUuid,
      seed: this.seedHex,
      commitment: state.setup.commitment,
      ballSequence: [...state.balls],
      prizeBall: state.reels!.prizeBall,
      potMultiplier: state.reels!.potMultiplier,
      winners: state.awards.map((award) => ({
        prize: award.prize,
        ball: award.ball,
        onPrizeBall: award.onPrizeBall,
        tickets: award.winners.map((winner) => ({
          ticketIndex: winner.ticketIndex,
          playerId: winner.playerId,
          name: name(winner.playerId),
          pence:
            (award.prize === 'full-house' ? 0 : (winner.basePence ?? 0)) *
            (payoutOf(winner.ticketIndex)?.multiplier ?? 1),
        })),
      })),
      finalists: (state.final?.finalists ?? []).map((finalist) => {
        const revealed = result.choices.find((c) => c.ticketIndex === finalist.ticketIndex);
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
      payouts: this.holders.map((h) => ({
        playerId: h.playerId,
        name: h.name,
        pence: won.get(h.playerId) ?? 0,
      })),
    };
  }

  /** `GET /api/games/{id}/events`: the stored log as published (ids kept: the test's are already opaque). */
  eventLog(): GameEventLog {
    return {
      gameUuid: this.gameUuid,
      seed: this.seedHex,
      commitment: this.state.setup.commitment,
      events: publishedEventLog(this.events, (id) => id, new Set()),
    };
  }

  /** `player:renamed`, as the server sends it to the game's room. */
  renamed(playerUuid: string, name: string, aliasReset = false): PlayerRenamedPayload {
    return { gameUuid: this.gameUuid, playerUuid, name, aliasReset };
  }
}

/** `GET /api/rooms`: the show's room as the lobby lists it (its theme dresses the game screen). */
export function roomOf(
  show: FakeShow,
  { name = 'Ruby Rush', theme = 'DEFAULT' }: { name?: string; theme?: Room['theme'] } = {},
): Room {
  const { prizes, luckyFateMode, rolloverPence } = show.state.setup;
  return roomsResponseSchema.parse([
    {
      roomUuid: show.roomUuid,
      name,
      roomImage: '/rooms/ruby-rush.svg',
      theme,
      serverTime: new Date().toISOString(),
      rolloverPence: 0,
      games: [
        {
          gameUuid: show.gameUuid,
          gameStartTime: show.gameStartTime,
          hasGameStarted: false,
          prizeLuckyFateSelections: luckyFateMode,
          maxTickets: 90,
          ticketsAvailable: 90 - show.holders.length,
          prizes,
          rolloverPence,
          state: show.state.stage,
          commitment: show.state.setup.commitment,
        },
      ],
    },
  ])[0]!;
}
