import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Stage } from '@ruthless/game';
import type { LiveGames } from './live-games.service';
import type { LiveRepository } from './live.repository';
import { nextStep } from './next-step';

/**
 * A runner holds a game this long without renewing (it renews at least every second); a crashed
 * process's games move on after it, so within LEASE_MS + SCAN_MS (docs/cluster.md).
 */
export const LEASE_MS = 3000;
const SCAN_MS = 500;
const LEASE_LOST = 'runner/lease-lost';
// A scheduled game is taken this long before its green room opens (docs/game-rules.md: 5 minutes
// before the start by default), no sooner: each game held is two statements a second to renew its
// lease, and a process would otherwise hold every show of the coming hour (docs/live-show.md).
const LOOKAHEAD_MS = 10_000;
/**
 * A failed step (the database restarting) is tried again soon, then at most every second: the
 * game waits, as nothing can be stored, and carries on from the stored events once it answers.
 */
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 1000;
const retryDelay = (failures: number) =>
  Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));

/**
 * What else a game's runner does while it holds the lease (the chat's batches: chat/chat-feed.ts).
 * `held` comes with every step and at least once a second; `released` when the runner lets go.
 */
export interface LeaseFollower {
  held(gameId: string, stage: Stage): void;
  released(gameId: string): void;
}

/**
 * The automatic host. Each process scans for games that are due and takes a lease on each (a row
 * with an expiry, so exactly one process drives a game at a time, on PGlite and PostgreSQL
 * alike), then appends the game's events on time. Every append re-reads the log under the row
 * lock, so a takeover after a crash carries on from the stored events: no ball twice or skipped.
 *
 * Why a lease row rather than an advisory lock or a Redis lease (docs/cluster.md): it needs
 * nothing but the database every process already shares, works through any connection pooler,
 * frees a dead process's games after LEASE_MS whatever happened to its TCP connections, and is
 * fenced: an append by the runner checks its lease under the game's row lock.
 */
export class GameRunner {
  /** Names the process, so `games.runner_id` tells operators (and tests) which one runs a game. */
  readonly runnerId = `${hostname()}:${process.pid}:${randomUUID()}`;
  private readonly driving = new Map<string, NodeJS.Timeout | null>();
  private scanTimer: NodeJS.Timeout | undefined;
  private started = false;
  private stopped = false;
  private scanning = false;
  /** Asked for while a scan was under way, which may have read the leases before they were let go. */
  private scanAgain = false;
  private scanFailures = 0;
  /** The scan and the ticks under way: stop() waits for them before the database closes. */
  private readonly underWay = new Set<Promise<unknown>>();
  private readonly followers: LeaseFollower[] = [];

  constructor(
    private readonly repository: LiveRepository,
    private readonly live: LiveGames,
    private readonly onError: (error: unknown, gameId?: string) => void,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Tells `follower` of every game this runner holds or lets go of. */
  follow(follower: LeaseFollower): void {
    this.followers.push(follower);
  }

  start(): void {
    this.started = true;
    this.scan();
  }

  /**
   * Scans now rather than at the next turn (or again right after the one under way): another
   * process has just let go of its games (a rolling restart), and their next ball is due sooner
   * than the scan's interval.
   */
  scanNow(): void {
    if (!this.started || this.stopped) return;
    if (this.scanning) this.scanAgain = true;
    else this.scan();
  }

  private scan(): void {
    clearTimeout(this.scanTimer);
    this.scanning = true;
    this.track(this.scanOnce())
      .then(() => (this.scanFailures = 0))
      .catch((error: unknown) => {
        // One log line per outage, not one a second.
        if (this.scanFailures++ === 0) this.onError(error);
      })
      .finally(() => {
        this.scanning = false;
        if (!this.stopped) this.scanTimer = setTimeout(() => this.scan(), this.scanAgain ? 0 : SCAN_MS);
        this.scanAgain = false;
      });
  }

  /**
   * Stops driving and hands the leases back, so another process can take over at once; resolves
   * with the games let go of (the app tells the other processes, which take them without waiting
   * for their next scan). A step under way finishes first: the app closes the database right
   * after this.
   */
  async stop(): Promise<string[]> {
    this.stopped = true;
    clearTimeout(this.scanTimer);
    const gameIds = [...this.driving.keys()];
    for (const timer of this.driving.values()) if (timer) clearTimeout(timer);
    this.driving.clear();
    // After the steps under way, each of which tells of the game it holds as it ends.
    await Promise.allSettled(this.underWay);
    for (const gameId of gameIds) this.tellReleased(gameId);
    await Promise.all(
      gameIds.map((gameId) => this.repository.dropLease(gameId, this.runnerId).catch(() => {})),
    );
    return gameIds;
  }

  /** Runs the next step of a game now if it is due (tests and the host's controls use the same path). */
  async tick(gameId: string): Promise<number | null> {
    const now = this.clock();
    if (!(await this.repository.holdLease(gameId, this.runnerId, LEASE_MS))) return null;
    const game = await this.live.get(gameId);
    if (!game) return null;
    const startTime = game.row.startTime.getTime();
    let stage = game.state.stage;
    let step = nextStep(game.state, startTime);
    if (step && step.at <= now) {
      // Rebuilt from the state under the lock, in case a host or a player moved first.
      const result = await this.live.append(
        gameId,
        (state) => {
          const current = nextStep(state, startTime);
          return current && current.at <= this.clock() ? current.build(this.clock()) : null;
        },
        // Stalled past the lease (a long pause): another process may drive the game now.
        { check: (tx) => tx.leaseHeld(gameId, this.runnerId), code: LEASE_LOST },
      );
      if (!result.ok && result.code === LEASE_LOST) return null;
      if (!result.ok) {
        this.onError(new Error(`runner step refused: ${result.code}`), gameId);
        this.tellHeld(gameId, stage);
        return 1000;
      }
      stage = result.state.stage;
      step = nextStep(result.state, startTime);
    }
    this.tellHeld(gameId, stage);
    if (!step) {
      await this.repository.dropLease(gameId, this.runnerId);
      return null;
    }
    // Wake for the next step, and at least once per second to keep the lease.
    return Math.max(0, Math.min(step.at - this.clock(), 1000));
  }

  private async scanOnce(): Promise<void> {
    const due = await this.repository.gamesToRun(this.runnerId, new Date(this.clock() + LOOKAHEAD_MS));
    for (const gameId of due) if (!this.driving.has(gameId)) this.drive(gameId);
  }

  private drive(gameId: string): void {
    if (this.stopped) return;
    this.driving.set(gameId, null);
    let failures = 0;
    const loop = () => {
      this.track(this.tick(gameId))
        .then((delay) => {
          failures = 0;
          if (this.stopped) return;
          if (delay === null) {
            this.driving.delete(gameId);
            this.tellReleased(gameId);
          } else this.driving.set(gameId, setTimeout(loop, delay));
        })
        .catch((error: unknown) => {
          if (failures++ === 0) this.onError(error, gameId);
          if (!this.stopped) this.driving.set(gameId, setTimeout(loop, retryDelay(failures)));
        });
    };
    loop();
  }

  private tellHeld(gameId: string, stage: Stage): void {
    for (const follower of this.followers) follower.held(gameId, stage);
  }

  private tellReleased(gameId: string): void {
    for (const follower of this.followers) follower.released(gameId);
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.underWay.add(work);
    void work.finally(() => this.underWay.delete(work)).catch(() => {});
    return work;
  }
}
