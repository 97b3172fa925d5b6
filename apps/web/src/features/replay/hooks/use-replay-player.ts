import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  foldPublishedLog,
  playerView,
  statusBarData,
  ticketAt,
  type PublishedGameEvent,
} from '@ruthless/game';
import type { WireEvent, YouView } from '@ruthless/protocol';
import { REPLAY_QUEUE_LIMIT, replaySetup, replayView, type GameReplay } from '@ruthless/protocol/replay';
import { useGameStore } from '@/lib/live-game/game-store';
import { serverNow } from '@/stores/server-clock-store';
import { positionFromAddress, timelineOf, type Timeline } from '../utils/timeline';

export type ReplaySpeed = 1 | 2 | 4;

export interface ReplayPlayer {
  timeline: Timeline;
  /** How many played the show: the tickets in play once the draw began (the recorded figure). */
  players: number;
  /** The show's clock at the playhead (ms). */
  position: number;
  playing: boolean;
  speed: ReplaySpeed;
  play: () => void;
  pause: () => void;
  setSpeed: (speed: ReplaySpeed) => void;
  seek: (at: number) => void;
}

const TICK_MS = 100;
const MAX_STEP_MS = 250;

/** What a phone shows of an event: its secrets are not in the published log in the first place. */
function wireEvent(event: PublishedGameEvent): WireEvent {
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
 * Plays an ended show again into the game store, on the show's own clock: the published log folded
 * with the engine once, and the view at the playhead is the fold up to it (seeking puts that view
 * on screen at once; playing shows each event as it comes, with its ball drop, call and banner).
 * The game screen's timers read the live delay (`latencyMs`): here the playhead's distance
 * behind the clock, so every countdown and animation runs on the show's clock at any speed.
 */
export function useReplayPlayer(
  replay: GameReplay,
  /** The address's `?t=`: whole seconds from the start of the timeline. */
  startAtSeconds: string | null,
): ReplayPlayer {
  const fold = useMemo(() => foldPublishedLog(replaySetup(replay), replay.events), [replay]);
  const me = replay.you?.playerId ?? null;
  const timeline = useMemo(
    () => timelineOf(replay.events, fold.states.at(-1)!.awards, me),
    [replay.events, fold, me],
  );
  const [initialAt] = useState(() => positionFromAddress(timeline, startAtSeconds));
  const [position, setPosition] = useState(initialAt);
  const [playing, setPlaying] = useState(true);
  const [speed, setSpeed] = useState<ReplaySpeed>(1);
  // The playhead moves on timer ticks, outside React's renders.
  const head = useRef({ at: initialAt, wall: serverNow() });

  const youAt = useCallback(
    (at: number): YouView | null => {
      if (!replay.you) return null;
      const state = fold.states[fold.times.filter((time) => time <= at).length]!;
      const mine = playerView(state, replay.you.playerId, at, { queueLimit: REPLAY_QUEUE_LIMIT });
      return {
        playerId: replay.you.playerId,
        myTicket: mine.myTicket,
        isFinalist: mine.isFinalist,
        myChoice: mine.myChoice,
        ticket: ticketAt(replay.seed, replay.you.ticketIndex),
      };
    },
    [fold, replay],
  );

  /** Shows the moment `at` at once, without the one-off effects of the events before it. */
  const showMoment = useCallback(
    (at: number) => {
      const store = useGameStore.getState();
      store.reset(replay.gameUuid);
      const shown = fold.times.filter((time) => time <= at).length;
      store.showSnapshot({
        gameUuid: replay.gameUuid,
        seq: shown,
        serverTime: at,
        view: replayView(replay, fold, at),
        you: youAt(at),
        chat: [],
      });
      store.setConnection('live');
      store.setLatency(Math.max(0, serverNow() - at));
    },
    [fold, replay, youAt],
  );

  useEffect(() => {
    showMoment(head.current.at);
  }, [showMoment]);

  useEffect(() => {
    const timer = setInterval(() => {
      const now = serverNow();
      const from = head.current.at;
      // A stalled page (a busy phone, a background tab) slows the show down rather than skipping
      // a stage: a tick moves at most MAX_STEP_MS of wall time.
      const step = Math.min(now - head.current.wall, MAX_STEP_MS);
      const to = playing ? Math.min(from + step * speed, timeline.end) : from;
      head.current = { at: to, wall: now };
      const store = useGameStore.getState();
      // Each event passed since the last tick, with the view it leads to.
      fold.times.forEach((time, index) => {
        if (time <= from || time > to) return;
        const event = replay.events[index]!;
        store.showMessage(
          {
            gameUuid: replay.gameUuid,
            seq: index + 1,
            at: time,
            event: wireEvent(event),
            view: replayView(replay, fold, time),
          },
          false,
        );
        if (replay.you && (event.type === 'reveal-started' || event.type === 'ruthless-started'))
          store.setYou(youAt(time));
      });
      store.setLatency(Math.max(0, now - to));
      setPosition(to);
      if (to >= timeline.end) setPlaying(false);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [playing, speed, fold, replay, timeline.end, youAt]);

  const seek = useCallback(
    (at: number) => {
      const clamped = Math.min(Math.max(at, timeline.start), timeline.end);
      head.current = { at: clamped, wall: serverNow() };
      setPosition(clamped);
      showMoment(clamped);
    },
    [showMoment, timeline],
  );

  return {
    timeline,
    players: statusBarData(fold.states.at(-1)!).players,
    position,
    playing,
    speed,
    play: () => {
      if (head.current.at >= timeline.end) seek(timeline.start);
      head.current = { ...head.current, wall: serverNow() };
      setPlaying(true);
    },
    pause: () => setPlaying(false),
    setSpeed: (next) => {
      head.current = { ...head.current, wall: serverNow() };
      setSpeed(next);
    },
    seek,
  };
}
