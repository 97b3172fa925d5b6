import type { ChatMessage } from '@ruthless/protocol';

/** A game's chat goes out at most every CHAT_BATCH_MS: two batches a second, to the whole show. */
export const CHAT_BATCH_MS = 500;
/**
 * The most messages shown for each CHAT_BATCH_MS of posts, besides the hosts': twenty a second,
 * about what a busy chat can be read at. Beyond it a batch is a sample (docs/chat.md).
 */
export const CHAT_BATCH_MAX = 10;

/**
 * Chooses what a game's batches show once its chat is too fast to read. A batch may show `max`
 * messages for each `windowMs` its messages were posted over (one window in the steady state; a
 * runner taking over after a crash catches up on seconds at once, and shows all of them if the
 * chat was slower than the cap). Within that, the batch goes out whole. Beyond it, it keeps every
 * host's message (hosts moderate and announce) and fills the slots left one sender at a time:
 * each sender's first message, then each one's second, and so on, the senders shown longest ago
 * first (ties in random order). So the few who type fastest, or first, cannot fill the chat, and
 * over a few batches everyone who speaks is heard. Kept per game: it remembers when each sender
 * was last shown.
 */
export class ChatSampler {
  private batches = 0;
  /** The batch in which each sender was last shown. */
  private readonly lastShown = new Map<string, number>();

  constructor(
    private readonly max = CHAT_BATCH_MAX,
    private readonly random: () => number = Math.random,
    private readonly windowMs = CHAT_BATCH_MS,
  ) {}

  /** The messages of one batch to show, in seq order; `messages` are the batch's new ones. */
  choose(messages: readonly ChatMessage[]): ChatMessage[] {
    const batch = ++this.batches;
    const times = messages.map((message) => Date.parse(message.sentAt));
    const windows = Math.max(1, Math.ceil((Math.max(...times) - Math.min(...times)) / this.windowMs));
    const max = this.max * windows;
    const shown = messages.length <= max ? [...messages] : this.sample(messages, max);
    for (const message of shown) this.lastShown.set(message.playerUuid, batch);
    return shown.sort((a, b) => a.seq - b.seq);
  }

  private sample(messages: readonly ChatMessage[], max: number): ChatMessage[] {
    const shown = messages.filter((message) => message.fromHost);
    const bySender = new Map<string, ChatMessage[]>();
    for (const message of [...messages].sort((a, b) => a.seq - b.seq)) {
      if (message.fromHost) continue;
      const own = bySender.get(message.playerUuid);
      if (own) own.push(message);
      else bySender.set(message.playerUuid, [message]);
    }
    const senders = this.shuffled([...bySender.keys()]).sort(
      (a, b) => (this.lastShown.get(a) ?? 0) - (this.lastShown.get(b) ?? 0),
    );
    let slots = max - shown.length;
    for (let round = 0; slots > 0; round++) {
      const taken = senders.flatMap((sender) => bySender.get(sender)![round] ?? []).slice(0, slots);
      if (taken.length === 0) break;
      shown.push(...taken);
      slots -= taken.length;
    }
    return shown;
  }

  /** Fisher-Yates: ties between senders go by chance, not by who spoke first. */
  private shuffled<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.random() * (i + 1));
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }
}
