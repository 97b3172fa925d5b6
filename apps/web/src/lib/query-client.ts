import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

const second = 1000;

/** Exponential back-off: 1 s, 2 s, 4 s … capped at 30 s (docs/player-app.md (Calls) query defaults). */
export function retryDelay(attemptIndex: number): number {
  return Math.min(second * 2 ** attemptIndex, 30 * second);
}

export const queryConfig = {
  queries: {
    retry: 3,
    retryDelay,
    staleTime: 5 * 60 * second,
    refetchOnWindowFocus: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
