import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { ChatMessage, GameMetadata, LiveGameMessage, PlayerRenamedPayload } from '@ruthless/protocol';
import { getIdentifiedSocket } from '@/lib/socket';
import { joinGame, leaveGame, measureClock } from './join-game';
import { useServerClockStore, serverNow } from '@/stores/server-clock-store';
import { useSessionStore } from '@/stores/session-store';
import { useGameStore, type GameStoreState } from './game-store';
import { forgetLastKnownShow, keepLastKnownShow, lastKnownShow } from './last-known-show';
import { LiveFeed } from './live-feed';

const REJOIN_DELAY_MS = 2_000;
/**
 * A heartbeat a second, each answered within a second: a dead connection shows within 2 s, not
 * after the transport's own 20-25 s ping timeout.
 */
const HEARTBEAT_MS = 1_000;

export interface LiveGameOptions {
  /**
   * A player's own screen: the show is kept as it was last shown live (last-known-show.ts), and
   * a reload starts from it, marked as catching up, until the join's snapshot replaces it.
   */
  lastKnown?: boolean;
}

/** What of the store is kept for a reload; anything else changing (the latency) is not written. */
const keptOf = (state: GameStoreState) =>
  [state.view, state.you, state.myChoice, state.myLuckyFatePick, state.connection, state.catchingUp] as const;

/**
 * Watches one game: joins it on every (re)connection with the last seq shown, puts the missed
 * events and then each pushed event on screen exactly once, in order, each delayed by the live
 * stream's latency (zero without a live stream, and in preview), and keeps the server clock.
 */
export function useLiveGame(
  gameUuid: string,
  preview: boolean,
  onJoined?: () => void,
  onChat?: (messages: ChatMessage[]) => void,
  { lastKnown = false }: LiveGameOptions = {},
): void {
  const joinedCallback = useRef(onJoined);
  const chatCallback = useRef(onChat);
  useEffect(() => {
    joinedCallback.current = onJoined;
    chatCallback.current = onChat;
  }, [onJoined, onChat]);

  const keeps = lastKnown && !preview;
  // Read once per game: a reload's kept show, if it is this signed-in player's (or, before the
  // start-up gate knows the session, the holder's of a token still valid).
  const kept = useMemo(
    () => (keeps ? lastKnownShow(gameUuid, useSessionStore.getState().playerUuid ?? undefined) : null),
    [gameUuid, keeps],
  );
  // A player's screen joins only with the player's token: one shown from a kept show before the
  // start-up gate has settled waits for it (a join without it would be a spectator's).
  const hasToken = useSessionStore((state) => state.accessToken !== null);
  const canJoin = !keeps || hasToken;

  // Before the first paint: the kept show is what the reload paints first.
  useLayoutEffect(() => {
    const store = useGameStore.getState();
    store.reset(gameUuid);
    if (kept) store.showLastKnown(kept);
  }, [gameUuid, preview, kept]);

  // While live, the show as shown is kept for a reload; an ended show is forgotten.
  useEffect(() => {
    if (!keeps) return;
    return useGameStore.subscribe((state, previous) => {
      if (state.gameUuid !== gameUuid || state.connection !== 'live' || state.catchingUp || !state.view)
        return;
      const now = keptOf(state);
      if (keptOf(previous).every((value, i) => value === now[i])) return;
      const owner = useSessionStore.getState().playerUuid;
      if (!owner) return;
      if (state.view.stage === 'ended' || state.view.stage === 'cancelled') return forgetLastKnownShow();
      keepLastKnownShow({
        gameUuid,
        owner,
        savedAt: Date.now(),
        view: state.view,
        you: state.you,
        myChoice: state.myChoice,
        myLuckyFatePick: state.myLuckyFatePick,
      });
    });
  }, [gameUuid, keeps]);

  useEffect(() => {
    if (!canJoin) return;
    const socket = getIdentifiedSocket({ preview });
    const feed = new LiveFeed({
      snapshot: (snapshot) => useGameStore.getState().showSnapshot(snapshot),
      message: (message, replayed) => useGameStore.getState().showMessage(message, replayed),
    });
    let closed = false;
    let joining = false;
    let rejoinAsked = false;
    let early: LiveGameMessage[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let bestRtt = Infinity;
    let announcedJoin = false;

    const pump = () => {
      clearTimeout(timer);
      const wait = feed.release(serverNow(), useGameStore.getState().latencyMs);
      if (wait !== null) timer = setTimeout(pump, Math.min(wait, 1_000));
    };

    const syncClock = async () => {
      const sample = await measureClock(socket);
      if (closed || !sample) return;
      if (sample.rttMs <= bestRtt) {
        bestRtt = sample.rttMs;
        useServerClockStore.getState().setOffset(sample.offsetMs);
      }
    };

    const join = async () => {
      if (closed || joining) return;
      joining = true;
      rejoinAsked = false;
      const { catchingUp } = useGameStore.getState();
      useGameStore
        .getState()
        .setConnection(feed.lastShown === null && !catchingUp ? 'connecting' : 'reconnecting');
      void syncClock();
      const result = await joinGame(socket, gameUuid, feed.lastShown);
      joining = false;
      if (closed) return;
      if (!result.ok) {
        if (result.message === 'timeout' || !socket.connected) {
          retryTimer = setTimeout(() => void join(), REJOIN_DELAY_MS);
          return;
        }
        useGameStore.getState().setConnection('refused', result.message);
        return;
      }
      const { snapshot, missed } = result;
      // Before the first ping answers, the snapshot's stamp is the best clock we have.
      if (bestRtt === Infinity) useServerClockStore.getState().setFromServerTime(snapshot.serverTime);
      useGameStore.getState().setYou(snapshot.you);
      feed.joined(snapshot, missed);
      // The chat is not delayed with the stream: it is the room talking, not the show.
      chatCallback.current?.(snapshot.chat ?? []);
      useGameStore.getState().setConnection('live');
      const buffered = early;
      early = [];
      for (const message of buffered) onEvent(message);
      pump();
      if (!announcedJoin) {
        announcedJoin = true;
        joinedCallback.current?.();
      }
    };

    const onEvent = (message: LiveGameMessage) => {
      if (message.gameUuid !== gameUuid) return;
      if (joining) {
        early.push(message);
        return;
      }
      const outcome = feed.received(message);
      if (outcome === 'gap') {
        // A hole in the numbering: ask again from the last seq shown (the replay fills it).
        if (!rejoinAsked) {
          rejoinAsked = true;
          void join();
        }
        return;
      }
      if (outcome === 'queued') pump();
    };

    const onConnect = () => {
      // Back within the reconnect window: Socket.IO kept the socket's rooms and replays what it
      // missed, in order, so a join would only hold the next events back behind a database read.
      if (socket.recovered && feed.lastShown !== null && !joining) {
        useGameStore.getState().setConnection('live');
        return;
      }
      void join();
    };
    const onDisconnect = () => {
      if (!closed) useGameStore.getState().setConnection('reconnecting');
    };
    const onConnectError = () => {
      useGameStore.getState().setConnection('reconnecting');
      // Refused by the server's middleware (an expired token): Socket.IO does not retry that itself.
      if (!socket.active) {
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => {
          if (!closed) socket.connect();
        }, REJOIN_DELAY_MS);
      }
    };
    const onMetadata = (metadata: GameMetadata) => {
      if (metadata.gameUuid === gameUuid) useGameStore.getState().setMetadata(metadata);
    };

    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);
    socket.on('game:event', onEvent);
    socket.on('metadata', onMetadata);
    // A rename is not part of the show: shown at once, not delayed with the stream.
    const onRenamed = (payload: PlayerRenamedPayload) => {
      if (payload.gameUuid === gameUuid) useGameStore.getState().rename(payload.playerUuid, payload.name);
    };
    socket.on('player:renamed', onRenamed);

    // A silent connection: the board would just freeze. Say so at once, and say so until the
    // server answers again (a rejoin after a real drop sets 'live' itself).
    let silent = false;
    const markSilent = () => {
      silent = true;
      useGameStore.getState().setConnection('reconnecting');
    };
    const beat = () => {
      if (closed || !socket.connected) return;
      // Volatile: beats are not queued to burst out after a drop.
      socket.volatile.timeout(HEARTBEAT_MS).emit('ping', (error: Error | null) => {
        if (closed) return;
        if (error) return markSilent();
        if (silent && !joining) {
          silent = false;
          if (feed.lastShown !== null) useGameStore.getState().setConnection('live');
        }
      });
    };
    const heartbeat = setInterval(beat, HEARTBEAT_MS);
    const onOffline = () => markSilent();
    const onOnline = () => beat();
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    if (socket.connected) void join();

    // A change of the stream's latency moves the next event's time.
    const unsubscribe = useGameStore.subscribe((state, previous) => {
      if (state.latencyMs !== previous.latencyMs) pump();
    });

    return () => {
      closed = true;
      clearTimeout(timer);
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      unsubscribe();
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      socket.off('game:event', onEvent);
      socket.off('metadata', onMetadata);
      socket.off('player:renamed', onRenamed);
      leaveGame(socket, gameUuid);
    };
  }, [gameUuid, preview, canJoin]);
}
