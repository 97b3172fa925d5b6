import type { Howl } from 'howler';
import { playSfx, withHowler, type Sfx } from '@/lib/sound';

const calls = new Map<number, Howl>();
let lastCall: Howl | undefined;

// The sound effects are shared with the app (the start-up gate loads them): see lib/sound.
export { playSfx, type Sfx };

/** Says a ball's traditional call (`/media/calls/{n}.mp3`); a newer call cuts the last one short. */
export function playCall(ball: number): void {
  if (!Number.isInteger(ball) || ball < 1 || ball > 90) return;
  withHowler(({ Howl }) => {
    let howl = calls.get(ball);
    if (!howl) {
      howl = new Howl({ src: [`/media/calls/${ball}.mp3`], preload: false, volume: 0.9 });
      calls.set(ball, howl);
    }
    lastCall?.stop();
    lastCall = howl;
    howl.play();
  });
}
