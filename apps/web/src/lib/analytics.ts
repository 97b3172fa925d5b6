import { format } from './dates';

/** The analytics events of docs/player-app.md (Calls), pushed to the tag manager's global data layer. */
export type AnalyticsEventName = 'claimTime' | 'joinGameTime' | 'joinLobbyTime' | 'logOffTime';

export interface AnalyticsEvent {
  event: AnalyticsEventName;
  /** The local time of the event as 'dd-MM-yyyy HH:mm:ss'. */
  timestamp: string;
  gameId: string | null;
  userId: string | null;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export const ANALYTICS_TIMESTAMP_FORMAT = 'dd-MM-yyyy HH:mm:ss';

/** Pushes one event to `window.dataLayer` (created if the tag manager has not loaded). */
export function trackEvent(
  event: AnalyticsEventName,
  { gameId = null, userId = null }: { gameId?: string | null; userId?: string | null } = {},
  at: Date = new Date(),
): AnalyticsEvent {
  const entry: AnalyticsEvent = { event, timestamp: format(at, ANALYTICS_TIMESTAMP_FORMAT), gameId, userId };
  window.dataLayer ??= [];
  window.dataLayer.push(entry);
  return entry;
}
