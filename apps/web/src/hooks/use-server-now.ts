import { useEffect, useState } from 'react';
import { serverNow } from '@/stores/server-clock-store';

/**
 * The server's clock (the one store's offset applied), re-read every `intervalMs` while the
 * calling component is shown: the game's timers, the host's clock and stage timers.
 */
export function useServerNow(intervalMs = 250): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const id = setInterval(() => setNow(serverNow()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

/** Whole seconds from `now` to `deadline` (rounded up, never below 0). */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}
