import { Howl } from 'howler';
import { loadHowler } from '@/lib/sound';

// The app's volume and mute preference reach howler when lib/sound loads it; the game screen
// bundles howler itself, so this resolves at once.
void loadHowler();

export type Sfx = 'ball-drop' | 'win' | 'reel-spin' | 'reveal' | 'click';

const sfx = new Map<Sfx, Howl>();
const calls = new Map<number, Howl>();
let lastCall: Howl | undefined;

/**
 * The show's sound effects and the host's voice for each call, through howler so the app's mute
 * (the menu's Toggle Sound) applies. Files are fetched on first play, never preloaded.
 */
export function playSfx(name: Sfx, volume = 0.6): void {
  let howl = sfx.get(name);
  if (!howl) {
    howl = new Howl({ src: [`/media/sfx/${name}.mp3`], preload: false, volume });
    sfx.set(name, howl);
  }
  howl.play();
}

/** Says a ball's traditional call (`/media/calls/{n}.mp3`); a newer call cuts the last one short. */
export function playCall(ball: number): void {
  if (!Number.isInteger(ball) || ball < 1 || ball > 90) return;
  let howl = calls.get(ball);
  if (!howl) {
    howl = new Howl({ src: [`/media/calls/${ball}.mp3`], preload: false, volume: 0.9 });
    calls.set(ball, howl);
  }
  lastCall?.stop();
  lastCall = howl;
  howl.play();
}

export function stopGameAudio(): void {
  lastCall?.stop();
  for (const howl of sfx.values()) howl.stop();
}
