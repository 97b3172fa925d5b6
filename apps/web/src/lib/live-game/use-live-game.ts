import { useEffect, useRef } from 'react';
import type { ChatMessage, GameMetadata, LiveGameMessage, PlayerRenamedPayload } from '@ruthless/protocol';
import { getIdentifiedSocket } from '@/lib/socket';
import { joinGame, leaveGame, measureClock } from './join-game';
import { useServerClockStore, serverNow } from '@/stores/server-clock-store';
import { useGameStore } from './game-store';
import { LiveFeed } from './live-feed';

const REJOIN_DELAY_MS = 2_000;
/**
 * A heartbeat a second, each answered within a second: a dead connection shows within 2 s, not
 * after the transport's own 20-25 s ping timeout.
 */
const HEARTBEAT_MS = 1_000;

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
): void {
  const joinedCallback = useRef(onJoined);
  const chatCallback = useRef(onChat);
  useEffect(() => {
    joinedCallback.current = onJoined;
    chatCallback.current = onChat;
  }, [onJoined, onChat]);

  useEffect(() => {
    const store = useGameStore.getState();
    store.reset(gameUuid);
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
      useGameStore.getState().setConnection(feed.lastShown === null ? 'connecting' : 'reconnecting');
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

    const onConnect = () => void join();
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
  }, [gameUuid, preview]);
}
