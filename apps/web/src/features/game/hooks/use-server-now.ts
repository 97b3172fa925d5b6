import { useEffect, useState } from 'react';
import { gameServerNow } from '@/lib/live-game/game-store';

/** The server's clock, re-read every `intervalMs` while the calling component is shown. */
export function useServerNow(intervalMs = 250): number {
  const [now, setNow] = useState(gameServerNow);
  useEffect(() => {
    const id = setInterval(() => setNow(gameServerNow()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

/** Whole seconds from `now` to `deadline` (rounded up, never below 0). */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}
