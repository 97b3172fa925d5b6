import type { AnalyticsRepository } from './analytics.repository';

/** How often each process stores its live figures: light (one insert per period) yet a readable curve. */
export const SAMPLE_PERIOD_MS = 5000;

/**
 * A light sample of the live figures no event records (docs/host-console.md, "Analytics"): every
 * SAMPLE_PERIOD_MS, each process stores how many viewers each game has on it and how many joined
 * again after losing their connection. Samples are floored to the period, so a cluster's
 * processes write the same times and a show's figure is their sum.
 */
export class LiveSampler {
  private rejoins = new Map<string, number>();
  /** Games sampled last time: one that lost its last viewer gets a 0, not a gap. */
  private lastWatched = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private underWay: Promise<void> | undefined;

  constructor(
    private readonly repository: Pick<AnalyticsRepository, 'saveSamples'>,
    private readonly viewersByGame: () => Map<string, number>,
    private readonly processId: string,
    private readonly onError: (error: unknown) => void,
    private readonly clock: () => number = Date.now,
  ) {}

  /** A viewer joined a game again with the last event they saw: they had lost their connection. */
  rejoined(gameId: string): void {
    this.rejoins.set(gameId, (this.rejoins.get(gameId) ?? 0) + 1);
  }

  start(): void {
    const next = () => {
      this.timer = setTimeout(() => {
        this.underWay = this.sample()
          .catch(this.onError)
          .finally(() => {
            if (this.timer) next();
          });
      }, SAMPLE_PERIOD_MS);
    };
    next();
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.underWay;
  }

  /** Stores this process's figures now (the timer calls it; tests call it when they need a sample). */
  async sample(): Promise<void> {
    const viewers = this.viewersByGame();
    const rejoins = this.rejoins;
    this.rejoins = new Map();
    const gameIds = new Set([...viewers.keys(), ...rejoins.keys(), ...this.lastWatched]);
    this.lastWatched = new Set([...viewers].filter(([, count]) => count > 0).map(([gameId]) => gameId));
    const at = new Date(Math.floor(this.clock() / SAMPLE_PERIOD_MS) * SAMPLE_PERIOD_MS);
    await this.repository.saveSamples(
      this.processId,
      at,
      [...gameIds].map((gameId) => ({
        gameId,
        viewers: viewers.get(gameId) ?? 0,
        reconnects: rejoins.get(gameId) ?? 0,
      })),
    );
  }
}
