import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs` (for the clock and stage timers). */
export function useNow(everyMs = 250, clock: () => number = Date.now): number {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const timer = setInterval(() => setNow(clock()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, clock]);
  return now;
}
