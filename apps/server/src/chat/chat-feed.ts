import { setTimeout as wait } from 'node:timers/promises';
import type { ChatMessage } from '@ruthless/protocol';
import { hasChat, type Stage } from '@ruthless/game';
import { CHAT_BATCH_MS, ChatSampler } from './chat-sample';
import type { ChatRepository } from './chat.repository';

/**
 * The most messages one batch reads (hosts' first, then the newest): a half-second beyond it
 * (1 000 posts a second, 2 000 players typing at the chat's limit) is sampled from its newest.
 */
export const CHAT_READ_MAX = 500;

type ChatSource = Pick<ChatRepository, 'unsent' | 'sentUpTo' | 'markSent'>;

interface GameFeed {
  /** The last seq sent: read from the database on the first batch (a handover carries on). */
  sent: number | undefined;
  /** When the last batch began to go out (Date.now()), 0 before the first. */
  lastBatchAt: number;
  sampler: ChatSampler;
  timer: NodeJS.Timeout | undefined;
  /** The batch under way (or the last one): the next waits for it. */
  running: Promise<void>;
  /**
   * The batches going out and their seqs being recorded, in order. The next batch is read
   * without waiting for the last one's slices (to a big audience, or on a busy event loop, they
   * take several turns); its seq is recorded only once every batch before it has gone out.
   */
  recorded: Promise<void>;
}

/**
 * One batcher per game for the whole show, on the process that runs the game (the lease holder,
 * live/game-runner.ts, which tells this feed when it holds or lets go of a game). Every process
 * stores the posts it accepts; every CHAT_BATCH_MS the runner reads what was stored since its
 * last batch and sends one `chat:messages` to every viewer, on every process, then records the
 * last seq sent. The database is the queue: nothing acknowledged (stored) waits in a process that
 * may die, a message deleted before its batch is read is never sent, and a runner taking over
 * sends from the recorded seq (docs/chat.md, Delivery).
 */
export class ChatFeed {
  private readonly games = new Map<string, GameFeed>();
  /** The batches under way: stop() waits for them before the database closes. */
  private readonly underWay = new Set<Promise<void>>();
  private failures = 0;
  private stopped = false;

  constructor(
    private readonly source: ChatSource,
    private readonly send: (gameId: string, messages: ChatMessage[]) => Promise<void>,
    /** The runner whose lease fences the batches (games.runner_id). */
    private readonly runnerId: string,
    private readonly onError: (error: unknown, gameId: string) => void,
  ) {}

  /** The runner holds the game's lease, and the game is in `stage`. */
  held(gameId: string, stage: Stage): void {
    if (this.stopped) return;
    const feed = this.games.get(gameId);
    if (hasChat(stage)) {
      if (!feed) this.start(gameId);
      return;
    }
    if (!feed) return;
    // The chat has just closed (the results): what was posted before goes out in a last batch,
    // on time. No one runs a game after its end, so it needs no lease.
    this.forget(gameId, feed);
    feed.running = this.track(
      feed.running
        .then(() => wait(Math.max(0, feed.lastBatchAt + CHAT_BATCH_MS - Date.now())))
        .then(() => this.batch(gameId, feed, false)),
    );
  }

  /** The runner let go of the game (another process runs it now, or this one is stopping). */
  released(gameId: string): void {
    const feed = this.games.get(gameId);
    if (feed) this.forget(gameId, feed);
  }

  /** Stops every game's batches; resolves once the one under way is sent. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const [gameId, feed] of this.games) this.forget(gameId, feed);
    await Promise.allSettled(this.underWay);
  }

  private start(gameId: string): void {
    const feed: GameFeed = {
      sent: undefined,
      lastBatchAt: 0,
      sampler: new ChatSampler(),
      timer: undefined,
      running: Promise.resolve(),
      recorded: Promise.resolve(),
    };
    this.games.set(gameId, feed);
    // Not at once: the runner before may have sent a batch less than CHAT_BATCH_MS ago.
    this.schedule(gameId, feed, CHAT_BATCH_MS);
  }

  private schedule(gameId: string, feed: GameFeed, delay: number): void {
    feed.timer = setTimeout(() => {
      const startedAt = Date.now();
      feed.running = this.track(
        this.batch(gameId, feed, true).then(() => {
          // Two batches at least CHAT_BATCH_MS apart, however long the read took.
          const from = Math.max(startedAt, feed.lastBatchAt);
          if (this.games.get(gameId) === feed)
            this.schedule(gameId, feed, Math.max(0, from + CHAT_BATCH_MS - Date.now()));
        }),
      );
    }, delay);
    feed.timer.unref();
  }

  /** Sends what was stored since the last batch. */
  private async batch(gameId: string, feed: GameFeed, fenced: boolean): Promise<void> {
    try {
      feed.sent ??= await this.source.sentUpTo(gameId);
      const after = feed.sent;
      const unsent = await this.source.unsent(
        gameId,
        after,
        CHAT_READ_MAX,
        fenced ? this.runnerId : undefined,
      );
      this.failures = 0;
      // Another runner holds the game now (this one stalled): it sends, and ours lets go soon.
      if (!unsent || unsent.lastSeq <= after) return;
      const { lastSeq } = unsent;
      const shown = feed.sampler.choose(unsent.messages);
      feed.sent = lastSeq;
      let sending = Promise.resolve();
      if (shown.length > 0) {
        // From its first slice, which leaves now.
        feed.lastBatchAt = Date.now();
        sending = this.send(gameId, shown);
      }
      // After the send: a crash in between sends this batch again (the app shows each seq once),
      // never skips it.
      feed.recorded = this.track(
        feed.recorded
          .then(() => sending)
          .then(() => this.source.markSent(gameId, lastSeq))
          .catch((error: unknown) => this.onError(error, gameId)),
      );
    } catch (error) {
      // One log line per outage (the database restarting), not two a second; the next batch
      // takes up what this one could not.
      if (this.failures++ === 0) this.onError(error, gameId);
    }
  }

  private forget(gameId: string, feed: GameFeed): void {
    clearTimeout(feed.timer);
    this.games.delete(gameId);
  }

  private track(work: Promise<unknown>): Promise<void> {
    const done = work.then(
      () => {},
      () => {},
    );
    this.underWay.add(done);
    void done.finally(() => this.underWay.delete(done));
    return done;
  }
}
