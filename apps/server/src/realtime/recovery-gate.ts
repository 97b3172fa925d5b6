import type { Adapter } from 'socket.io-adapter';

/**
 * Who is recovered by Socket.IO after a dropped connection, and who catches up from the database.
 *
 * A recovered session reads every packet stored since its drop: with Redis that is an `XRANGE`
 * of the one stream all processes share, so a storm of many thousands of returning phones is as
 * many range reads on one Redis thread. The app can catch up without it: a phone that is not
 * recovered joins again with its last seq (`game:join`), and the joins of one process share their
 * database reads (docs/cluster.md, Reconnect storms). So a process that held more than
 * `maxViewers` connections within the reconnect window neither stores sessions nor restores them.
 */
export class RecoveryGate {
  /** The most connections held within the window, and when. */
  private peak = 0;
  private peakAt = 0;

  constructor(
    private readonly maxViewers: number,
    private readonly windowMs: number,
    private readonly connections: () => number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The audience that decides, by the peak within the window: a storm's returning phones find
   * their process nearly empty, and what counts is how many dropped at once.
   */
  recentAudience(): number {
    const current = this.connections();
    const at = this.now();
    if (current >= this.peak || at - this.peakAt > this.windowMs) {
      this.peak = current;
      this.peakAt = at;
    }
    return this.peak;
  }

  recovers(): boolean {
    return this.recentAudience() <= this.maxViewers;
  }

  /** Puts the gate in front of the adapter's sessions (the in-memory one's or Redis's). */
  guard(adapter: Adapter): void {
    const persist = adapter.persistSession.bind(adapter);
    const restore = adapter.restoreSession.bind(adapter);
    adapter.persistSession = (session) => {
      if (this.recovers()) persist(session);
    };
    // Socket.IO takes a missing session (null) as "not recovered", as the adapters do themselves.
    adapter.restoreSession = (pid, offset) =>
      this.recovers()
        ? restore(pid, offset)
        : (Promise.resolve(null) as unknown as ReturnType<typeof restore>);
  }
}
