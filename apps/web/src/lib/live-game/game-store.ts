import { create } from 'zustand';
import type { Choice, LuckyFatePick } from '@ruthless/game';
import type {
  GameMetadata,
  GameSnapshot,
  LiveGameMessage,
  LiveView,
  WireEvent,
  YouView,
} from '@ruthless/protocol';

export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'refused';

/** One event as it was shown, for the screen's one-off effects (ball drop, call, banner). */
export interface ShownEvent {
  seq: number;
  /** Server time of the event. */
  at: number;
  event: WireEvent;
  /** True when it was shown as part of a catch-up (replayed on reconnect), not as it happened. */
  replayed: boolean;
}

export interface GameStoreState {
  gameUuid: string | null;
  /** The lobby's live metadata of this game, as the socket last sent it. */
  metadata: GameMetadata | null;
  // The stage and the balls, read often on their own; the rest of the game (progress, status bar,
  // queue, counter, started/ended) is read from `view`, not copied.
  gameState: LiveView['stage'] | null;
  ballSequence: readonly number[];

  /** The latest view shown (delayed by the stream's latency when a live stream plays). */
  view: LiveView | null;
  /** What this player alone may see (their ticket), from the last join; null for spectators and preview. */
  you: YouView | null;
  /** The seq of the latest event shown: sent as `lastSeq` when joining again. */
  seq: number | null;
  /** The events shown since the screen opened, newest last (bounded). */
  recent: ShownEvent[];
  myChoice: Choice | null;
  myLuckyFatePick: LuckyFatePick | null;
  connection: ConnectionState;
  refusal: string | null;
  /** The live stream's measured playback latency in ms (0: no live stream, or preview). */
  latencyMs: number;

  reset: (gameUuid: string) => void;
  showSnapshot: (snapshot: GameSnapshot) => void;
  showMessage: (message: LiveGameMessage, replayed: boolean) => void;
  setYou: (you: YouView | null) => void;
  setMyChoice: (choice: Choice | null) => void;
  setMyLuckyFatePick: (pick: LuckyFatePick | null) => void;
  setConnection: (connection: ConnectionState, refusal?: string | null) => void;
  setLatency: (latencyMs: number) => void;
  setMetadata: (metadata: GameMetadata) => void;
}

const RECENT_LIMIT = 40;

const empty = {
  metadata: null,
  gameState: null,
  ballSequence: [],
  view: null,
  you: null,
  seq: null,
  recent: [],
  myChoice: null,
  myLuckyFatePick: null,
  connection: 'connecting',
  refusal: null,
  latencyMs: 0,
} satisfies Partial<GameStoreState>;

function fromView(view: LiveView) {
  return {
    view,
    gameState: view.stage,
    ballSequence: view.ballSequence,
  };
}

/**
 * The live game on this screen. It holds only what the server sent (docs/player-app.md's State kept by the app game store and
 * the latest view); the feed hook decides when each message is shown.
 */
export const useGameStore = create<GameStoreState>()((set) => ({
  gameUuid: null,
  ...empty,

  reset: (gameUuid) => set({ ...empty, gameUuid }),
  showSnapshot: (snapshot) =>
    set((state) => ({
      ...fromView(snapshot.view),
      seq: snapshot.seq,
      you: snapshot.you,
      myChoice: snapshot.you?.myChoice ?? state.myChoice,
      myLuckyFatePick: snapshot.you?.myTicket?.luckyFatePick ?? state.myLuckyFatePick,
    })),
  showMessage: (message, replayed) =>
    set((state) => ({
      ...fromView(message.view),
      seq: message.seq,
      recent: [
        ...state.recent.slice(-(RECENT_LIMIT - 1)),
        { seq: message.seq, at: message.at, event: message.event, replayed },
      ],
    })),
  setYou: (you) => set({ you }),
  setMyChoice: (myChoice) => set({ myChoice }),
  setMyLuckyFatePick: (myLuckyFatePick) => set({ myLuckyFatePick }),
  setConnection: (connection, refusal = null) => set({ connection, refusal }),
  setLatency: (latencyMs) => set({ latencyMs }),
  setMetadata: (metadata) => set({ metadata }),
}));
