import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import type { UNREADABLE_RESPONSE_CODE } from './api-client';

const second = 1000;

/** Exponential back-off: 1 s, 2 s, 4 s … capped at 30 s (docs/player-app.md (Calls) query defaults). */
export function retryDelay(attemptIndex: number): number {
  return Math.min(second * 2 ** attemptIndex, 30 * second);
}

// Type-checked against api-client's constant, without bundling the client into the entry chunk.
const unreadableCode: typeof UNREADABLE_RESPONSE_CODE = 'response/unreadable';

/** An answer not of the protocol's shape (api-client's ApiError): a bug to show, not a hiccup to retry. */
function isUnreadable(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === unreadableCode;
}

/**
 * A mutation's `meta` that marks a moment worth the offer of notifications (a claim, a Remind Me):
 * the notifications feature watches the mutation cache for it (NotifyMePrompt).
 */
export const OFFERS_NOTIFICATIONS = { offersNotifications: true } as const;

export const queryConfig = {
  queries: {
    retry: (failureCount, error) => !isUnreadable(error) && failureCount < 3,
    // The screen's area shows its crash card (with the trace and Refresh) rather than wrong data.
    throwOnError: isUnreadable,
    retryDelay,
    staleTime: 5 * 60 * second,
    refetchOnWindowFocus: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
