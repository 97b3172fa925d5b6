import type * as HowlerTypes from 'howler';
import type { Howl } from 'howler';
import { useEffect, useSyncExternalStore } from 'react';
import { toast } from './toast';

/** The show's short sound effects in public/media/sfx. */
export type Sfx = 'ball-drop' | 'win' | 'reel-spin' | 'reveal' | 'click';
export const GAME_SOUNDS: readonly Sfx[] = ['click', 'ball-drop', 'reel-spin', 'reveal', 'win'];
/** The start-up gate never waits longer than this for the game sounds (a slow network). */
export const SOUND_LOAD_TIMEOUT_MS = 4000;

/** The background tracks in public/sounds (made by scripts/make-sounds.sh). */
export type MusicTrack = 'presenter-only';

export const DEFAULT_VOLUME = 0.5;
export const MUTE_STORAGE_KEY = 'isMuted';
/** docs/player-app.md (Constants): on Apple devices audio comes back this long after the page is shown again. */
const APPLE_RESUME_DELAY_MS = 500;

type HowlerModule = typeof HowlerTypes;
let howlerModule: Promise<HowlerModule> | undefined;

/** Whether the page may make sound yet: browsers allow audio only after the player's first tap or key. */
function mayPlay(): boolean {
  return navigator.userActivation?.hasBeenActive ?? true;
}

let waitingForGesture: (() => void)[] | undefined;
const GESTURES = ['pointerdown', 'keydown', 'touchend'] as const;

/** Runs `then` now if the page may make sound, else at the player's first tap or key. */
function afterFirstGesture(then: () => void): void {
  if (mayPlay()) return then();
  if (!waitingForGesture) {
    waitingForGesture = [];
    const release = () => {
      for (const type of GESTURES) window.removeEventListener(type, release, true);
      const waiting = waitingForGesture ?? [];
      waitingForGesture = undefined;
      for (const run of waiting) run();
    };
    for (const type of GESTURES) window.addEventListener(type, release, true);
  }
  waitingForGesture.push(then);
}

/**
 * howler loads with the first sound, not with the page (docs/web-quality.md, JavaScript per
 * route), and not before the player's first tap: its AudioContext could not play before then,
 * and making one costs a phone's main thread at start. A sound effect asked for before that
 * tap is dropped (it would play late); music waits for it (`whenSilent: 'wait'`). Every use
 * goes through this one promise, so its callbacks run in call order.
 */
export function withHowler(
  use: (howler: HowlerModule) => void,
  { whenSilent = 'drop' }: { whenSilent?: 'drop' | 'wait' } = {},
): void {
  if (!mayPlay() && whenSilent === 'drop') return;
  afterFirstGesture(() => {
    if (!howlerModule) {
      // Nothing plays before this, so nothing needed silencing on a hidden page before either.
      followAppleVisibility();
      howlerModule = import('howler').then((howler) => {
        howler.Howler.volume(DEFAULT_VOLUME);
        // docs/player-app.md (State kept by the app): the mute preference is applied at start.
        howler.Howler.mute(muted);
        return howler;
      });
    }
    void howlerModule.then(use);
  });
}

/** Like withHowler, but only once something has asked for howler: stopping silence loads nothing. */
function ifHowlerRequested(use: (howler: HowlerModule) => void): void {
  if (howlerModule) void howlerModule.then(use);
}

const tracks = new Map<MusicTrack, Howl>();
/** The track playing (or loading to play); its Howl is made once howler has loaded. */
let current: { track: MusicTrack } | undefined;
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

function howlFor({ Howl }: HowlerModule, track: MusicTrack): Howl {
  let howl = tracks.get(track);
  if (!howl) {
    // Not preloaded (docs/player-app.md, Constants): the file is fetched the first time the track plays.
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
    const previous = current?.track;
    current = { track };
    withHowler(
      (howler) => {
        // Stopped or changed while howler loaded or the page waited for a tap.
        if (current?.track !== track) return;
        const howl = howlFor(howler, track);
        if (previous === track) {
          if (!howl.playing()) howl.play();
          return;
        }
        if (previous) tracks.get(previous)?.stop();
        // Not preloaded: fetch it now, and play as soon as it has loaded (howler queues the play).
        if (howl.state() === 'unloaded') howl.load();
        howl.play();
      },
      { whenSilent: 'wait' },
    );
  },
  pause(): void {
    const track = current?.track;
    if (track) ifHowlerRequested(() => tracks.get(track)?.pause());
  },
  resume(): void {
    const track = current?.track;
    if (track)
      ifHowlerRequested(() => {
        const howl = tracks.get(track);
        if (howl && !howl.playing()) howl.play();
      });
  },
  /**
   * Stops the music. With `afterMs` it stops a moment later unless a screen starts a track in the
   * meantime, so moving between two screens with the same music does not restart it.
   */
  stop({ afterMs = 0 }: { afterMs?: number } = {}): void {
    cancelPendingStop();
    const stopNow = () => {
      pendingStop = undefined;
      const track = current?.track;
      current = undefined;
      if (track) ifHowlerRequested(() => tracks.get(track)?.stop());
    };
    if (afterMs > 0) pendingStop = setTimeout(stopNow, afterMs);
    else stopNow();
  },
  /** The track playing (or loading to play), if any. */
  get track(): MusicTrack | undefined {
    return current?.track;
  },
};

const effects = new Map<Sfx, Howl>();
const sfxUrl = (name: Sfx) => `/media/sfx/${name}.mp3`;

function effect({ Howl }: HowlerModule, name: Sfx): Howl {
  let howl = effects.get(name);
  if (!howl) {
    // Made on its first play, from the file the start-up gate downloaded (loadGameSounds).
    howl = new Howl({ src: [sfxUrl(name)], preload: false, volume: DEFAULT_VOLUME });
    effects.set(name, howl);
  }
  return howl;
}

/** Plays a sound effect once, at `volume` (0..1). */
export function playSfx(name: Sfx, volume = 0.6): void {
  withHowler((howler) => {
    const howl = effect(howler, name);
    if (howl.state() === 'unloaded') howl.load();
    const id = howl.play();
    howl.volume(volume, id);
  });
}

/** The shared button's click. */
export function playClick(): void {
  playSfx('click', 0.4);
}

/**
 * Downloads the game's sound effects, resolving once all have arrived or failed, or after
 * `timeoutMs` at most: the start-up gate waits on it with 'Loading initial data...'. Downloads
 * only: decoding needs the browser's audio context, and making one costs a phone's main thread
 * at start (howler and an AudioContext: up to seconds on a slow device) for sounds that cannot
 * play before the player's first tap anyway. The first play decodes its file from the HTTP cache.
 */
export function loadGameSounds(timeoutMs = SOUND_LOAD_TIMEOUT_MS): Promise<void> {
  const loads = GAME_SOUNDS.map((name) =>
    fetch(sfxUrl(name))
      .then((response) => response.arrayBuffer())
      .then(
        () => undefined,
        () => undefined,
      ),
  );
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    void Promise.all(loads).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Resumes the browser's audio context if howler made one and it is not running. */
export async function resumeAudioContext(): Promise<void> {
  if (!howlerModule) return;
  const { Howler } = await howlerModule;
  if (Howler.ctx && Howler.ctx.state !== 'running') await Howler.ctx.resume();
}

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
  ifHowlerRequested(({ Howler }) => Howler.mute(muted));
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

/** Warnings shown when the browser refuses to pause or restart audio (docs/player-app.md). */
export const audioMessages = {
  suspendFailed: 'Error suspending audio context.',
  resumeFailed: 'Error resuming audio context.',
} as const;

/**
 * Apple devices keep playing a hidden page's audio: while hidden every sound is muted and the
 * audio context suspended; 500 ms after the page returns both come back, with a warning toast
 * when the browser refuses. Followed from howler's first load on.
 */
function followAppleVisibility(): void {
  if (!isAppleDevice()) return;
  let resumeTimer: ReturnType<typeof setTimeout> | undefined;
  document.addEventListener('visibilitychange', () => {
    clearTimeout(resumeTimer);
    if (document.hidden) {
      ifHowlerRequested(({ Howler }) => {
        Howler.mute(true);
        Howler.ctx?.suspend().catch(() => toast.warn(audioMessages.suspendFailed));
      });
    } else {
      resumeTimer = setTimeout(() => {
        ifHowlerRequested(({ Howler }) => {
          Howler.mute(muted);
          Howler.ctx?.resume().catch(() => toast.warn(audioMessages.resumeFailed));
        });
      }, APPLE_RESUME_DELAY_MS);
    }
  });
}

function isAppleDevice(): boolean {
  return (
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1)
  );
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
