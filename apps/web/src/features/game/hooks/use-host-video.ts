import { useEffect, useState, type RefObject } from 'react';
import { useMuted } from '@/lib/sound';
import { useClientStore } from '@/stores/client-store';
import { useGameStore } from '@/lib/live-game/game-store';
import { serverNow } from '@/stores/server-clock-store';
import { chooseSource, VIDEO_MISSING_MESSAGE, type ChosenSource } from '@/lib/video-source';
import { recordingPlayback, type PlayheadSample } from '../utils/recording-playback';

interface HlsLike {
  latency: number;
  playingDate: Date | null;
  loadSource(url: string): void;
  attachMedia(media: HTMLMediaElement): void;
  destroy(): void;
}

const LATENCY_SAMPLE_MS = 2_000;
/** How often a replayed recording follows the playhead, and how far it may drift before a seek. */
const RECORDING_SYNC_MS = 500;
const RECORDING_DRIFT_S = 1;

function isNotAllowed(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'NotAllowedError';
}

/** Puts a looping file at the point the show clock has reached, so every phone sees the same moment. */
function syncToShowClock(video: HTMLVideoElement, anchor: number) {
  const duration = video.duration;
  if (!Number.isFinite(duration) || duration <= 0 || !Number.isFinite(anchor)) return;
  const elapsed = (serverNow() - anchor) / 1000;
  const target = ((elapsed % duration) + duration) % duration;
  if (Math.abs(video.currentTime - target) > 1) video.currentTime = target;
}

/**
 * Plays the host video in `videoRef`: the source docs/player-app.md's rules pick, with sound when the
 * browser allows it (else muted, flagging `needsUserInput` for the Sound Interaction Required
 * modal), forced muted at volume 0 in preview, and — for a live HLS stream only — measuring the
 * playback latency that the game's events are delayed by. In a replay, a live show's recording
 * follows the replay's playhead instead of looping (`recordingStartedAt`: when it started).
 */
export function useHostVideo(
  videoRef: RefObject<HTMLVideoElement | null>,
  options: {
    source: string | null;
    preview: boolean;
    gameStartTime: string | null;
    recordingStartedAt?: string | null;
  },
): { chosen: ChosenSource | null; error: string | null } {
  const { source, preview, gameStartTime, recordingStartedAt = null } = options;
  const [chosen, setChosen] = useState<ChosenSource | null>(null);
  const [error, setError] = useState<string | null>(null);
  const muted = useMuted();
  const ready = gameStartTime !== null;

  useEffect(() => {
    if (!ready) return;
    const video = videoRef.current;
    const setLiveVideo = useClientStore.getState().setLiveVideo;
    const fail = () => queueMicrotask(() => setError(VIDEO_MISSING_MESSAGE));
    if (!video) {
      fail();
      return;
    }
    const pick = chooseSource(source, video);
    queueMicrotask(() => {
      setChosen(pick);
      setError(null);
    });
    let closed = false;
    let hls: HlsLike | undefined;
    let latencyTimer: ReturnType<typeof setInterval> | undefined;
    let recordingTimer: ReturnType<typeof setInterval> | undefined;
    const anchor = gameStartTime ? Date.parse(gameStartTime) : NaN;
    const recordingStart = recordingStartedAt ? Date.parse(recordingStartedAt) : NaN;
    const followsReplay = pick.kind === 'file' && !pick.demo && Number.isFinite(recordingStart);

    const forceSilence = () => {
      if (!preview) return;
      if (!video.muted) video.muted = true;
      if (video.volume !== 0) video.volume = 0;
    };

    const start = async () => {
      if (closed) return;
      forceSilence();
      if (!preview) video.muted = muted;
      try {
        await video.play();
      } catch (cause) {
        if (closed || !isNotAllowed(cause)) return;
        // Autoplay with sound refused: play the picture silently and ask for a tap.
        if (!video.muted) {
          setLiveVideo({ needsUserInput: true });
          video.muted = true;
          await video.play().catch(() => {});
        }
      }
    };

    // A failed load gets one more try (a dropped connection, a proxy's hiccup) before the error.
    let retried = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const onError = () => {
      if (closed) return;
      if (retried || hls) {
        fail();
        return;
      }
      retried = true;
      retryTimer = setTimeout(() => {
        if (closed) return;
        video.src = pick.url;
        void start();
      }, 1_000);
    };
    const onPlaying = () => {
      if (!closed) setError(null);
    };
    const onMeta = () => {
      if (pick.kind === 'file' && !followsReplay && !closed) syncToShowClock(video, anchor);
    };
    const onVisible = () => {
      if (document.hidden || closed) return;
      if (video.paused && !video.ended) {
        video.play().catch((cause: unknown) => {
          if (isNotAllowed(cause)) setLiveVideo({ isSuspended: true });
        });
      }
    };
    video.addEventListener('error', onError);
    video.addEventListener('playing', onPlaying);
    video.addEventListener('loadedmetadata', onMeta);
    video.addEventListener('volumechange', forceSilence);
    document.addEventListener('visibilitychange', onVisible);
    video.playsInline = true;
    video.loop = pick.kind === 'file' && !followsReplay;

    const measure = () => {
      if (closed || preview) return;
      let latency: number | null = null;
      const playing = hls?.playingDate ?? null;
      if (playing) latency = serverNow() - playing.getTime();
      else if (hls && hls.latency > 0) latency = hls.latency * 1000;
      else {
        const startDate = (video as HTMLVideoElement & { getStartDate?: () => Date }).getStartDate?.();
        const t = startDate?.getTime();
        if (t !== undefined && Number.isFinite(t) && t > 0)
          latency = serverNow() - (t + video.currentTime * 1000);
      }
      if (latency !== null && Number.isFinite(latency)) {
        useGameStore.getState().setLatency(Math.round(Math.min(Math.max(latency, 0), 60_000)));
      }
    };

    if (pick.kind === 'hls') {
      if (video.canPlayType('application/vnd.apple.mpegurl') !== '') {
        video.src = pick.url;
        void start();
      } else {
        // hls.js (loaded on demand) plays HLS where the browser has no native support.
        import('hls.js')
          .then(({ default: Hls }) => {
            if (closed) return;
            if (!Hls.isSupported()) throw new Error('HLS is not supported here');
            hls = new Hls();
            hls.loadSource(pick.url);
            hls.attachMedia(video);
            void start();
          })
          .catch(() => {
            if (!closed) fail();
          });
      }
      if (!preview) latencyTimer = setInterval(measure, LATENCY_SAMPLE_MS);
    } else {
      video.src = pick.url;
      void start();
    }
    if (followsReplay) {
      // The replay's playhead is the show's clock less the store's latency (features/replay).
      let before: PlayheadSample | null = null;
      recordingTimer = setInterval(() => {
        if (closed) return;
        const now = serverNow();
        const sample = { clock: now - useGameStore.getState().latencyMs, wall: now };
        const { seconds, rate } = recordingPlayback(recordingStart, sample, before);
        before = sample;
        if (video.readyState >= HTMLMediaElement.HAVE_METADATA) {
          const target = Math.min(seconds, video.duration);
          if (Math.abs(video.currentTime - target) > RECORDING_DRIFT_S) video.currentTime = target;
        }
        if (rate === 0) video.pause();
        else if (rate !== null) {
          video.playbackRate = rate;
          if (video.paused && !video.ended) void start();
        }
      }, RECORDING_SYNC_MS);
    }
    // Events wait for the stream only when a live stream plays (never in preview, nor for a file).
    useGameStore.getState().setLatency(0);

    return () => {
      closed = true;
      clearInterval(latencyTimer);
      clearInterval(recordingTimer);
      clearTimeout(retryTimer);
      video.removeEventListener('error', onError);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('loadedmetadata', onMeta);
      video.removeEventListener('volumechange', forceSilence);
      document.removeEventListener('visibilitychange', onVisible);
      hls?.destroy();
      video.pause();
      video.removeAttribute('src');
      video.load();
      useGameStore.getState().setLatency(0);
      setLiveVideo({ needsUserInput: false, isSuspended: false });
    };
    // `muted` is applied by the effect below without reloading the stream.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [videoRef, source, preview, gameStartTime, recordingStartedAt, ready]);

  // The menu's Toggle Sound applies to the host too (a tap is a gesture, so unmuting may play).
  useEffect(() => {
    const video = videoRef.current;
    if (!video || preview) return;
    const { needsUserInput, isSuspended } = useClientStore.getState().liveVideo;
    if (needsUserInput || isSuspended) return;
    video.muted = muted;
  }, [muted, preview, videoRef]);

  return { chosen, error };
}
