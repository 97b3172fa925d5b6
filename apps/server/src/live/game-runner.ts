import { randomUUID } from 'node:crypto';
import type { LiveGames } from './live-games.service';
import type { LiveRepository } from './live.repository';
import { nextStep } from './next-step';

/** A runner holds a game this long without renewing; a crashed process's games move on after it. */
export const LEASE_MS = 3000;
const SCAN_MS = 1000;
// Look ahead far enough to open every green room in time (docs/game-rules.md: 5 minutes by default).
const HORIZON_MS = 60 * 60_000;

/**
 * The automatic host. Each process scans for games that are due and takes a lease on each (a row
 * with an expiry, so exactly one process drives a game at a time, on PGlite and PostgreSQL
 * alike), then appends the game's events on time. Every append re-reads the log under the row
 * lock, so a takeover after a crash carries on from the stored events: no ball twice or skipped.
 */
export class GameRunner {
  readonly runnerId = randomUUID();
  private readonly driving = new Map<string, NodeJS.Timeout | null>();
  private scanTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly repository: LiveRepository,
    private readonly live: LiveGames,
    private readonly onError: (error: unknown, gameId?: string) => void,
    private readonly clock: () => number = Date.now,
  ) {}

  start(): void {
    const scan = () => {
      this.scan()
        .catch((error: unknown) => this.onError(error))
        .finally(() => {
          if (!this.stopped) this.scanTimer = setTimeout(scan, SCAN_MS);
        });
    };
    scan();
  }

  /** Stops driving and hands the leases back, so another process can take over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.scanTimer);
    const gameIds = [...this.driving.keys()];
    for (const timer of this.driving.values()) if (timer) clearTimeout(timer);
    this.driving.clear();
    await Promise.all(
      gameIds.map((gameId) => this.repository.dropLease(gameId, this.runnerId).catch(() => {})),
    );
  }

  /** Runs the next step of a game now if it is due (tests and the host's controls use the same path). */
  async tick(gameId: string): Promise<number | null> {
    const now = this.clock();
    if (!(await this.repository.holdLease(gameId, this.runnerId, new Date(now), new Date(now + LEASE_MS)))) {
      return null;
    }
    const game = await this.live.get(gameId);
    if (!game) return null;
    const startTime = game.row.startTime.getTime();
    let step = nextStep(game.state, startTime);
    if (step && step.at <= now) {
      // Rebuilt from the state under the lock, in case a host or a player moved first.
      const result = await this.live.append(gameId, (state) => {
        const current = nextStep(state, startTime);
        return current && current.at <= this.clock() ? current.build(this.clock()) : null;
      });
      if (!result.ok) {
        this.onError(new Error(`runner step refused: ${result.code}`), gameId);
        return 1000;
      }
      step = nextStep(result.state, startTime);
    }
    if (!step) {
      await this.repository.dropLease(gameId, this.runnerId);
      return null;
    }
    // Wake for the next step, and at least once per second to keep the lease.
    return Math.max(0, Math.min(step.at - this.clock(), 1000));
  }

  private async scan(): Promise<void> {
    const now = this.clock();
    const due = await this.repository.gamesToRun(this.runnerId, new Date(now), new Date(now + HORIZON_MS));
    for (const gameId of due) if (!this.driving.has(gameId)) this.drive(gameId);
  }

  private drive(gameId: string): void {
    this.driving.set(gameId, null);
    const loop = () => {
      this.tick(gameId)
        .then((delay) => {
          if (this.stopped) return;
          if (delay === null) this.driving.delete(gameId);
          else this.driving.set(gameId, setTimeout(loop, delay));
        })
        .catch((error: unknown) => {
          this.onError(error, gameId);
          if (!this.stopped) this.driving.set(gameId, setTimeout(loop, 1000));
        });
    };
    loop();
  }
}
