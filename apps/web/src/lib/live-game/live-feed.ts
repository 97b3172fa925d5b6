import type { GameSnapshot, LiveGameMessage } from '@ruthless/protocol';

export interface FeedSink {
  /** Show a snapshot at once (first join, or too far behind for a replay). */
  snapshot(snapshot: GameSnapshot): void;
  /** Show one event; `replayed` when it came from a catch-up rather than as it happened. */
  message(message: LiveGameMessage, replayed: boolean): void;
}

interface Pending {
  message: LiveGameMessage;
  replayed: boolean;
}

export type Received = 'queued' | 'duplicate' | 'gap';

/** A live stream's latency is never trusted beyond this: a broken measurement must not freeze the show. */
export const MAX_DISPLAY_DELAY_MS = 60_000;

/**
 * Puts the game's events on screen exactly once and in order. Events are numbered (seq); a
 * message already shown or queued is dropped, a hole in the numbering asks for a rejoin (which
 * replays from the last seq shown), and each event waits until its server time plus the display
 * delay (the live stream's latency) has come.
 */
export class LiveFeed {
  private shown: number | null = null;
  private known: number | null = null;
  private pending: Pending[] = [];

  constructor(private readonly sink: FeedSink) {}

  /** The seq of the last event on screen: what to send as `lastSeq`. */
  get lastShown(): number | null {
    return this.shown;
  }

  /** The seq of the newest event received (shown or waiting). */
  get lastKnown(): number | null {
    return this.known;
  }

  get waiting(): number {
    return this.pending.length;
  }

  /** A join's answer: the snapshot and the events missed since `lastShown`. */
  joined(snapshot: GameSnapshot, missed: readonly LiveGameMessage[]): void {
    if (this.shown === null || this.known === null) {
      this.showSnapshot(snapshot);
      return;
    }
    if (snapshot.seq <= this.known) return; // Nothing new: what is waiting stays waiting.
    const fresh = missed.filter((m) => m.seq > this.known!).sort((a, b) => a.seq - b.seq);
    const contiguous =
      fresh.length > 0 &&
      fresh[0]!.seq === this.known + 1 &&
      fresh.every((m, i) => i === 0 || m.seq === fresh[i - 1]!.seq + 1);
    if (!contiguous) {
      // Too far behind for a replay: the snapshot is the truth, shown at once.
      this.showSnapshot(snapshot);
      return;
    }
    for (const message of fresh) this.pending.push({ message, replayed: true });
    this.known = fresh[fresh.length - 1]!.seq;
  }

  /** A pushed event. */
  received(message: LiveGameMessage): Received {
    if (this.known !== null && message.seq <= this.known) return 'duplicate';
    if (this.known === null || message.seq !== this.known + 1) return 'gap';
    this.pending.push({ message, replayed: false });
    this.known = message.seq;
    return 'queued';
  }

  /**
   * Shows every waiting event whose time (server clock) plus `delayMs` has come by `now`.
   * Returns the ms until the next one is due, or null when nothing waits.
   */
  release(now: number, delayMs: number): number | null {
    const delay = Math.min(Math.max(0, delayMs), MAX_DISPLAY_DELAY_MS);
    while (this.pending.length > 0) {
      const next = this.pending[0]!;
      // Catch-up events are old news: they go straight on screen.
      const due = next.replayed ? 0 : next.message.at + delay - now;
      if (due > 0) return due;
      this.pending.shift();
      this.shown = next.message.seq;
      this.sink.message(next.message, next.replayed);
    }
    return null;
  }

  private showSnapshot(snapshot: GameSnapshot): void {
    this.pending = [];
    this.shown = snapshot.seq;
    this.known = snapshot.seq;
    this.sink.snapshot(snapshot);
  }
}
