import { act } from '@testing-library/react';
import { vi } from 'vitest';
import {
  applyEvent,
  commitmentOf,
  createGame,
  luckyFateToReveal,
  nextBall,
  potMultiplier,
  prizeBall,
  publicView,
  type GameEvent,
  type GameState,
  type Prizes,
} from '@ruthless/game';
import {
  auditEntrySchema,
  chatMessageSchema,
  hostGameSchema,
  hostRoomSchema,
  type AuditEntry,
  type ChatMessage,
  type GameSnapshot,
  type HostGame,
  type HostRoom,
  type JoinGameResult,
  type LiveGameMessage,
  type LiveView,
  type WireEvent,
} from '@ruthless/protocol';

/**
 * The host console's component tests' edge (issue 39): the server's bodies built through the
 * protocol's schemas, a fake Socket.IO client for `@/lib/socket`, and a show folded by the real
 * rules engine (@ruthless/game) that the fake socket pushes as the server would.
 */

export const ROOM = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
export const GAME = '3f333df6-90a4-4fda-8dd3-9485d27cee36';
export const HOST_EMAIL = 'host@ruthless.test';

/** A fixed, valid seed: the draw order, prize ball and pot multiplier follow from it. */
export const SEED = 'a3'.repeat(32);

export const hostRoom = (overrides: Partial<HostRoom> = {}): HostRoom =>
  hostRoomSchema.parse({
    roomUuid: ROOM,
    name: 'Ruby Rush',
    theme: 'RED',
    roomImage: '/rooms/ruby-rush.svg',
    archivedAt: null,
    rolloverPence: 0,
    ...overrides,
  });

export const hostGame = (overrides: Partial<HostGame> = {}): HostGame =>
  hostGameSchema.parse({
    gameUuid: GAME,
    roomUuid: ROOM,
    gameStartTime: new Date(Date.now() + 3_600_000).toISOString(),
    state: 'scheduled',
    maxTickets: 10,
    ticketsAvailable: 9,
    prizeLuckyFateSelections: 'in-game',
    prizes: { oneLine: 500, twoLines: 2500, fullHouse: 18000 },
    rolloverPence: 0,
    timings: {},
    videoSource: null,
    commitment: commitmentOf(SEED),
    ...overrides,
  });

let auditIds = 0;
/** An audit entry as GET /api/host/audit answers it: done (204) now, by the host. */
export const auditEntry = (overrides: Partial<AuditEntry> & Pick<AuditEntry, 'action'>): AuditEntry =>
  auditEntrySchema.parse({
    id: `00000000-0000-4000-8000-${String(++auditIds).padStart(12, '0')}`,
    at: new Date().toISOString(),
    hostUuid: 'host-1',
    hostEmail: HOST_EMAIL,
    roomUuid: null,
    gameUuid: null,
    targetId: null,
    statusCode: 204,
    roomName: null,
    gameStartTime: null,
    targetAlias: null,
    ...overrides,
  });

let chatSeq = 0;
export const chatMessage = (overrides: Partial<ChatMessage> = {}): ChatMessage => {
  const seq = overrides.seq ?? ++chatSeq;
  return chatMessageSchema.parse({
    seq,
    messageUuid: `message-${seq}`,
    gameUuid: GAME,
    playerUuid: 'player-cat',
    alias: 'CatFan',
    text: `message ${seq}`,
    sentAt: new Date().toISOString(),
    fromHost: false,
    ...overrides,
  }) as ChatMessage;
};

/** A token whose claims the app reads (it never verifies one: the server does). */
export function tokenWith(claims: Record<string, unknown>): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ sub: 'user-1', ...claims })}.c2ln`;
}

type Handler = (...args: unknown[]) => void;

/**
 * A connected Socket.IO client as the app uses it: listeners added and removed, `game:join` and
 * `ping` answered, the heartbeat acknowledged. `push` delivers a server event inside `act`.
 */
export class FakeSocket {
  connected = true;
  active = true;
  readonly emitted: { event: string; payload: unknown }[] = [];
  private readonly handlers = new Map<string, Set<Handler>>();
  /** What `game:join` answers. */
  join: (request: { gameUuid: string; lastSeq: number | null }) => JoinGameResult = () => ({
    ok: false,
    message: 'No such game.',
  });

  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }
  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  connect() {
    return this;
  }
  disconnect() {
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    this.emitted.push({ event, payload: args[0] });
    const ack = args.at(-1);
    if (typeof ack === 'function') (ack as Handler)(null, Date.now());
    return this;
  }
  timeout() {
    return {
      emitWithAck: async (event: string, payload?: unknown): Promise<unknown> => {
        this.emitted.push({ event, payload });
        if (event === 'game:join') return this.join(payload as { gameUuid: string; lastSeq: number | null });
        if (event === 'ping') return Date.now();
        return { ok: true };
      },
      emit: (event: string, ...args: unknown[]) => this.emit(event, ...args),
    };
  }
  get volatile() {
    return this;
  }
  /** The server sends `event`: every listener gets it, and React catches up. */
  push(event: string, payload: unknown) {
    act(() => {
      for (const handler of [...(this.handlers.get(event) ?? [])]) handler(payload);
    });
  }
  listeners(event: string): number {
    return this.handlers.get(event)?.size ?? 0;
  }
}

/**
 * One show on the real rules engine, as the server folds and sends it: each `apply` is numbered,
 * redacted for the wire and pushed with the view it leads to over the fake socket.
 */
export class FakeShow {
  state: GameState;
  seq = 0;
  readonly names: Record<string, string> = {};

  constructor(
    private readonly socket: FakeSocket,
    options: { prizes?: Prizes; maxTickets?: number; timings?: Partial<GameState['setup']['timings']> } = {},
  ) {
    this.state = createGame({
      gameUuid: GAME,
      seedHex: SEED,
      commitment: commitmentOf(SEED),
      prizes: options.prizes ?? { oneLine: 500, twoLines: 2500, fullHouse: 18000 },
      luckyFateMode: 'in-game',
      timings: { ballIntervalMs: 600_000, ...options.timings },
      maxTickets: options.maxTickets ?? 10,
    });
    socket.join = ({ gameUuid }) =>
      gameUuid === GAME ? { ok: true, snapshot: this.snapshot(), missed: [] } : { ok: false, message: 'No' };
  }

  view(): LiveView {
    return {
      ...publicView(this.state, Date.now(), { queueLimit: 20 }),
      roomUuid: ROOM,
      gameStartTime: new Date(Date.now() + 3_600_000).toISOString(),
      videoSource: null,
      names: { ...this.names },
    };
  }

  snapshot(): GameSnapshot {
    return { gameUuid: GAME, seq: this.seq, serverTime: Date.now(), view: this.view(), you: null, chat: [] };
  }

  /** Folds events into the state without pushing them (the show as it stood before the host joined). */
  before(...events: Omit<GameEvent, 'at'>[]) {
    for (const event of events) this.fold(event);
  }

  /** A player holding the next ticket. */
  claim(playerId: string, alias: string): GameEvent {
    this.names[playerId] = alias;
    return {
      type: 'ticket-claimed',
      at: Date.now(),
      ticketIndex: this.state.tickets.held,
      playerId,
      defaultChoice: 'share',
      luckyFatePick: null,
    } as GameEvent;
  }

  /** The events that take a scheduled show to its draw. */
  toTheDraw(): Omit<GameEvent, 'at'>[] {
    return [
      { type: 'reels-started', prizeBall: prizeBall(SEED), potMultiplier: potMultiplier(SEED) },
      { type: 'lucky-fate-opened' },
      { type: 'draw-started' },
    ] as Omit<GameEvent, 'at'>[];
  }

  /** The next ball of the seed's draw order. */
  ball(): Omit<GameEvent, 'at'> {
    const ball = nextBall(this.state);
    if (ball === null) throw new Error('no ball to call');
    return { type: 'ball-called', ball } as Omit<GameEvent, 'at'>;
  }

  /** Every ball until the full house, then the reveal (a one-player show has no final). */
  toTheReveal(): void {
    while (nextBall(this.state) !== null) this.apply(this.ball());
    this.reveal();
  }

  /** Every ball until the full house, then the final (two players or more). */
  toTheFinal(): void {
    while (nextBall(this.state) !== null) this.apply(this.ball());
    this.apply({ type: 'ruthless-started' } as Omit<GameEvent, 'at'>);
  }

  /** A finalist's choice in the final. */
  choose(playerId: string, choice: 'share' | 'steal'): void {
    this.apply({ type: 'choice-made', playerId, choice } as Omit<GameEvent, 'at'>);
  }

  /** The reveal, once the draw (no final) or every finalist's choice is done. */
  reveal(): void {
    this.apply({ type: 'reveal-started', luckyFate: luckyFateToReveal(this.state) } as Omit<GameEvent, 'at'>);
  }

  private fold(event: Omit<GameEvent, 'at'> & { at?: number }): GameEvent {
    const full = { at: Date.now(), ...event } as GameEvent;
    const result = applyEvent(this.state, full);
    if (!result.ok) throw new Error(`the engine refused ${full.type}: ${JSON.stringify(result)}`);
    this.state = result.state;
    this.seq += 1;
    return full;
  }

  /** The event happens now: folded, then pushed as `game:event`. */
  apply(event: Omit<GameEvent, 'at'> & { at?: number }): void {
    const full = this.fold(event);
    const wire = { ...full } as Record<string, unknown>;
    delete wire.defaultChoice;
    delete wire.luckyFatePick;
    delete wire.choice;
    delete wire.pick;
    const message: LiveGameMessage = {
      gameUuid: GAME,
      seq: this.seq,
      at: full.at,
      event: wire as unknown as WireEvent,
      view: this.view(),
    };
    this.socket.push('game:event', message);
  }
}

/**
 * happy-dom paints nothing: its canvas has no 2D context. The charts (uPlot) draw on one that
 * takes every call and draws nothing; that they are drawn is the browser journey's to see. What
 * they would write (axis labels) and how many dots (points) they would draw are kept, for a test
 * to read.
 */
export function stubCanvas(): { texts: string[]; dots: () => number } {
  const texts: string[] = [];
  let dots = 0;
  const context = new Proxy(
    {},
    {
      get: (_target, key) =>
        key === 'measureText'
          ? () => ({ width: 0 })
          : key === 'fillText'
            ? (text: unknown) => void texts.push(String(text))
            : typeof key === 'string'
              ? noop
              : undefined,
      set: () => true,
    },
  );
  vi.stubGlobal('Path2D', function Path2D() {
    return new Proxy({}, { get: (_target, key) => (key === 'arc' ? () => void dots++ : noop) });
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => context as unknown as CanvasRenderingContext2D,
  );
  return { texts, dots: () => dots };
}
const noop = () => undefined;

/** Files the page saves (a link with `download` to an object URL): their names and contents. */
export function captureDownloads(): { fileName: string; text: () => Promise<string> }[] {
  const blobs = new Map<string, Blob>();
  const saved: { fileName: string; text: () => Promise<string> }[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (blob) saved.push({ fileName: this.download, text: () => blob.text() });
  });
  return saved;
}
