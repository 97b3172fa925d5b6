import type { ChatMessage } from '@ruthless/protocol';

/** At most this many chat broadcasts a second per game (one per flush). */
export const CHAT_FLUSH_MS = 100;

/**
 * Batches chat per game: messages stored in one flush interval go out as one `chat:messages`
 * broadcast, so a busy chat costs the game's room ten sends a second at most, never one per
 * message, and a ball call is never queued behind a pile of them.
 */
export class ChatFeed {
  private readonly pending = new Map<string, ChatMessage[]>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly send: (gameId: string, messages: ChatMessage[]) => void,
    private readonly flushMs = CHAT_FLUSH_MS,
  ) {}

  push(message: ChatMessage): void {
    const queue = this.pending.get(message.gameUuid);
    if (queue) queue.push(message);
    else this.pending.set(message.gameUuid, [message]);
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batches = [...this.pending];
    this.pending.clear();
    for (const [gameId, messages] of batches)
      this.send(
        gameId,
        messages.sort((a, b) => a.seq - b.seq),
      );
  }

  stop(): void {
    this.flush();
  }
}
