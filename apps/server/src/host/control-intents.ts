import type { RateLimitStore } from '../auth/rate-limit';

/** How long a control's idempotency key is remembered: far longer than any retry of one click. */
export const CONTROL_KEY_SECONDS = 60 * 60;

/**
 * One host intent acts once: the first request with an `Idempotency-Key` acts, a repeat of the
 * same key (a double click, a retry after a lost answer) answers without acting. The keys live in
 * the rate-limit store, so every process of a cluster sees them (the database, or Redis with
 * REDIS_URL). A refused attempt changed nothing, so its key is forgotten and a retry tries again.
 */
export class ControlIntents {
  constructor(private readonly store: RateLimitStore) {}

  /** Runs `act` unless this host already sent `key` for this game and control. */
  async once(
    intent: { hostId: string; gameUuid: string; action: string; key: string | undefined },
    act: () => Promise<void>,
  ): Promise<void> {
    if (intent.key === undefined) return act();
    const storeKey = `host-control:${intent.hostId}:${intent.gameUuid}:${intent.action}:${intent.key}`;
    const { count } = await this.store.hit(storeKey, CONTROL_KEY_SECONDS);
    if (count > 1) return;
    try {
      await act();
    } catch (error) {
      await this.store.reset(storeKey);
      throw error;
    }
  }
}
