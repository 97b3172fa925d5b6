import type { ChatMessage } from '@ruthless/protocol';

/** The least time between two chat broadcasts to a game: at most ten a second. */
export const CHAT_FLUSH_MS = 100;
/** The longest a message waits for its batch, however big the audience. */
export const CHAT_FLUSH_MAX_MS = 500;
/**
 * Chat frames a second this process spends on one game's viewers, about: a broadcast is a frame
 * per viewer, so a big audience gets fewer, bigger batches (10 000 viewers: two a second). At ten
 * batches a second to 10 000 viewers the event loop lagged up to a second and a quarter of the
 * chat's posts went unanswered for 10 s (docs/performance.md, Chat under load).
 */
export const CHAT_FRAMES_PER_SECOND = 20_000;

/**
 * Batches chat per game: messages stored in one flush interval go out as one `chat:messages`
 * broadcast, so a busy chat costs the game's room a few sends a second at most, never one per
 * message (the broadcast goes out in slices: realtime/phones.ts). The interval grows with the
 * game's viewers on this process (`viewers`) from CHAT_FLUSH_MS to CHAT_FLUSH_MAX_MS.
 */
export class ChatFeed {
  private readonly pending = new Map<string, { messages: ChatMessage[]; timer: NodeJS.Timeout }>();

  constructor(
    private readonly send: (gameId: string, messages: ChatMessage[]) => void,
    private readonly viewers: (gameId: string) => number = () => 0,
  ) {}

  /** How long a game's next batch gathers messages. */
  flushDelay(gameId: string): number {
    const spread = Math.ceil((1000 * this.viewers(gameId)) / CHAT_FRAMES_PER_SECOND);
    return Math.min(CHAT_FLUSH_MAX_MS, Math.max(CHAT_FLUSH_MS, spread));
  }

  push(message: ChatMessage): void {
    const batch = this.pending.get(message.gameUuid);
    if (batch) return void batch.messages.push(message);
    const timer = setTimeout(() => this.flushGame(message.gameUuid), this.flushDelay(message.gameUuid));
    timer.unref();
    this.pending.set(message.gameUuid, { messages: [message], timer });
  }

  /** Takes deleted messages out of a game's waiting batch, so they never go out after the deletion. */
  drop(gameId: string, messageIds: readonly string[]): void {
    const batch = this.pending.get(gameId);
    if (!batch) return;
    const gone = new Set(messageIds);
    batch.messages = batch.messages.filter((message) => !gone.has(message.messageUuid));
  }

  /** Sends every batch now (on shutdown). */
  stop(): void {
    for (const gameId of [...this.pending.keys()]) this.flushGame(gameId);
  }

  private flushGame(gameId: string): void {
    const batch = this.pending.get(gameId);
    if (!batch) return;
    clearTimeout(batch.timer);
    this.pending.delete(gameId);
    if (batch.messages.length === 0) return;
    this.send(
      gameId,
      batch.messages.sort((a, b) => a.seq - b.seq),
    );
  }
}
