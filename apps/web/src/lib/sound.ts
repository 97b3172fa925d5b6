import type * as HowlerNamespace from 'howler';
import type { Howl } from 'howler';
import { useEffect, useSyncExternalStore } from 'react';

type HowlerModule = typeof HowlerNamespace;

/** The background tracks in public/sounds (made by scripts/make-sounds.sh). */
export type MusicTrack = 'presenter-only';

export const DEFAULT_VOLUME = 0.5;
export const MUTE_STORAGE_KEY = 'isMuted';
/** SPEC.md §9: on Apple devices audio comes back this long after the page is shown again. */
const APPLE_RESUME_DELAY_MS = 500;

const tracks = new Map<MusicTrack, Howl>();
/** The track asked for; its Howl arrives once howler has loaded. */
let current: { track: MusicTrack; howl?: Howl } | undefined;
let pendingStop: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function readMuted(): boolean {
  try {
    return localStorage.getItem(MUTE_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

let muted = readMuted();
let howler: HowlerModule | undefined;
let loadingHowler: Promise<HowlerModule> | undefined;

/**
 * howler, loaded on demand (no screen before the lobby plays sound), with the volume and the
 * mute preference applied (SPEC.md §3). Whoever plays sound through howler calls this first.
 */
export function loadHowler(): Promise<HowlerModule> {
  loadingHowler ??= import('howler').then((module) => {
    howler = module;
    module.Howler.volume(DEFAULT_VOLUME);
    module.Howler.mute(muted);
    return module;
  });
  return loadingHowler;
}

function howlFor({ Howl }: HowlerModule, track: MusicTrack): Howl {
  let howl = tracks.get(track);
  if (!howl) {
    // Not preloaded (SPEC.md §9): the file is fetched the first time the track plays.
    howl = new Howl({ src: [`/sounds/${track}.mp3`], loop: true, volume: DEFAULT_VOLUME, preload: false });
    tracks.set(track, howl);
  }
  return howl;
}

function cancelPendingStop() {
  if (pendingStop !== undefined) clearTimeout(pendingStop);
  pendingStop = undefined;
}

/**
 * Background music: one track at a time, looping. Starting a track stops the one playing;
 * starting the track already playing carries on without a restart.
 */
export const music = {
  start(track: MusicTrack): void {
    cancelPendingStop();
    if (current?.track === track) {
      if (current.howl && !current.howl.playing()) current.howl.play();
      return;
    }
    current?.howl?.stop();
    const wanted: { track: MusicTrack; howl?: Howl } = { track };
    current = wanted;
    void loadHowler().then((module) => {
      // Another track, or none, was asked for while howler loaded.
      if (current !== wanted) return;
      const howl = howlFor(module, track);
      wanted.howl = howl;
      // Not preloaded: fetch it now, and play as soon as it has loaded (howler queues the play).
      if (howl.state() === 'unloaded') howl.load();
      howl.play();
    });
  },
  pause(): void {
    current?.howl?.pause();
  },
  resume(): void {
    if (current?.howl && !current.howl.playing()) current.howl.play();
  },
  /**
   * Stops the music. With `afterMs` it stops a moment later unless a screen starts a track in the
   * meantime, so moving between two screens with the same music does not restart it.
   */
  stop({ afterMs = 0 }: { afterMs?: number } = {}): void {
    cancelPendingStop();
    const stopNow = () => {
      pendingStop = undefined;
      current?.howl?.stop();
      current = undefined;
    };
    if (afterMs > 0) pendingStop = setTimeout(stopNow, afterMs);
    else stopNow();
  },
  /** The track playing (or loading to play), if any. */
  get track(): MusicTrack | undefined {
    return current?.track;
  },
};

/** True when the player muted the app (persisted as `isMuted` in localStorage). */
export function isMuted(): boolean {
  return muted;
}

export function setMuted(value: boolean): void {
  muted = value;
  try {
    localStorage.setItem(MUTE_STORAGE_KEY, String(value));
  } catch {
    // Private mode without storage: the preference lasts for this page only.
  }
  howler?.Howler.mute(value);
  for (const listener of listeners) listener();
}

/** The menu's 'Toggle Sound'. */
export function toggleMuted(): boolean {
  setMuted(!muted);
  return muted;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The mute preference, for components that show it. */
export function useMuted(): boolean {
  return useSyncExternalStore(subscribe, isMuted, isMuted);
}

// SPEC.md §4: Apple devices keep playing a hidden page's audio, so it is muted while hidden and
// brought back shortly after the page returns.
const isApple =
  typeof navigator !== 'undefined' &&
  (/iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1));
if (isApple && typeof document !== 'undefined') {
  let resumeTimer: ReturnType<typeof setTimeout> | undefined;
  document.addEventListener('visibilitychange', () => {
    clearTimeout(resumeTimer);
    if (document.hidden) howler?.Howler.mute(true);
    else resumeTimer = setTimeout(() => howler?.Howler.mute(muted), APPLE_RESUME_DELAY_MS);
  });
}

/**
 * Plays a background track while the calling screen is shown. Leaving stops it a moment later,
 * unless the next screen plays the same track, which then carries on without a restart.
 */
export function useBackgroundMusic(track: MusicTrack): void {
  useEffect(() => {
    music.start(track);
    return () => music.stop({ afterMs: 300 });
  }, [track]);
}
