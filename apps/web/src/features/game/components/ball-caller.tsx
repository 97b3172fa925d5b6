import { useEffect, useRef } from 'react';
import { useGameStore } from '@/lib/live-game/game-store';
import { serverNow } from '@/stores/server-clock-store';
import { loadCallTexts, useCallText } from '../hooks/use-call-texts';
import { playCall, playSfx } from '../utils/game-audio';

/** A call older than this when it reaches the screen is caught up silently. */
const FRESH_MS = 8_000;

/**
 * The caller's voice and the screen reader's: each new ball drops with a sound and, when no live
 * stream carries the host's voice, its traditional call is played; an aria-live region says the
 * number and the call (or, after a catch-up, the balls missed).
 */
export function BallCaller({ voice, sound }: { voice: boolean; sound: boolean }) {
  const recent = useGameStore((state) => state.recent);
  const balls = useGameStore((state) => state.ballSequence);
  const last = balls[balls.length - 1] ?? null;
  const callText = useCallText(last);
  const played = useRef<number | null>(null);

  useEffect(() => {
    void loadCallTexts();
  }, []);

  useEffect(() => {
    const newest = recent[recent.length - 1];
    if (!newest || newest.event.type !== 'ball-called' || newest.replayed) return;
    if (played.current !== null && newest.seq <= played.current) return;
    played.current = newest.seq;
    if (!sound || serverNow() - newest.at > FRESH_MS + useGameStore.getState().latencyMs) return;
    playSfx('ball-drop', 0.5);
    if (voice) playCall(newest.event.ball);
  }, [recent, sound, voice]);

  // After a catch-up, the balls that came in while away, in order.
  const trailing: number[] = [];
  for (let i = recent.length - 1; i >= 0 && recent[i]!.replayed; i--) {
    const e = recent[i]!.event;
    if (e.type === 'ball-called') trailing.unshift(e.ball);
  }
  const message =
    last === null
      ? ''
      : trailing.length > 1
        ? `Caught up: ${trailing.length} balls called: ${trailing.join(', ')}. Last ball ${last}.`
        : `Number ${last}. ${callText && callText !== `Number ${last}` ? callText : ''}`;

  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="ball-announcer">
      {message}
    </p>
  );
}
