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
import type { LastKnownShow } from './last-known-show';

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
  /**
   * The screen shows the show as the phone last had it (a reload's kept show), not yet what the
   * server says: nothing may be picked or chosen from it until the join's snapshot arrives.
   */
  catchingUp: boolean;
  refusal: string | null;
  /** The live stream's measured playback latency in ms (0: no live stream, or preview). */
  latencyMs: number;
  /** Names pushed since (player renames): they win over the names of views built before. */
  renamed: Record<string, string>;

  reset: (gameUuid: string) => void;
  /** The kept show of a reload, shown until the join's snapshot replaces it (catching up). */
  showLastKnown: (show: LastKnownShow) => void;
  showSnapshot: (snapshot: GameSnapshot) => void;
  showMessage: (message: LiveGameMessage, replayed: boolean) => void;
  setYou: (you: YouView | null) => void;
  setMyChoice: (choice: Choice | null) => void;
  setMyLuckyFatePick: (pick: LuckyFatePick | null) => void;
  setConnection: (connection: ConnectionState, refusal?: string | null) => void;
  setLatency: (latencyMs: number) => void;
  setMetadata: (metadata: GameMetadata) => void;
  /** A ticket holder's new name, shown at once wherever the view names them. */
  rename: (playerId: string, name: string) => void;
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
  catchingUp: false,
  refusal: null,
  latencyMs: 0,
  renamed: {},
} satisfies Partial<GameStoreState>;

/** The view with the names pushed since it was built (a delayed view may predate a rename). */
function withRenames(view: LiveView, renamed: Record<string, string>): LiveView {
  const changed = Object.keys(view.names).filter(
    (id) => renamed[id] !== undefined && renamed[id] !== view.names[id],
  );
  if (changed.length === 0) return view;
  const names = { ...view.names };
  for (const id of changed) names[id] = renamed[id]!;
  return { ...view, names };
}

function fromView(view: LiveView, renamed: Record<string, string>) {
  // An ended game's names are those of its end: renames after it never reach it.
  const shown = view.stage === 'ended' ? view : withRenames(view, renamed);
  return {
    view: shown,
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
  showLastKnown: (show) =>
    set((state) => ({
      ...fromView(show.view, state.renamed),
      you: show.you,
      myChoice: show.myChoice,
      myLuckyFatePick: show.myLuckyFatePick,
      connection: 'reconnecting',
      catchingUp: true,
    })),
  showSnapshot: (snapshot) =>
    set((state) => ({
      ...fromView(snapshot.view, state.renamed),
      catchingUp: false,
      seq: snapshot.seq,
      you: snapshot.you,
      // After a reload's kept show, only what the server says now stands.
      myChoice: snapshot.you?.myChoice ?? (state.catchingUp ? null : state.myChoice),
      myLuckyFatePick:
        snapshot.you?.myTicket?.luckyFatePick ?? (state.catchingUp ? null : state.myLuckyFatePick),
    })),
  showMessage: (message, replayed) =>
    set((state) => ({
      ...fromView(message.view, state.renamed),
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
  rename: (playerId, name) =>
    set((state) => {
      const renamed = { ...state.renamed, [playerId]: name };
      const view = state.view && state.view.stage !== 'ended' ? withRenames(state.view, renamed) : state.view;
      return { renamed, view };
    }),
}));
