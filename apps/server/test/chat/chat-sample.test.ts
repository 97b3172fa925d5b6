import type { ChatMessage } from '@ruthless/protocol';
import { describe, expect, it } from 'vitest';
import { CHAT_BATCH_MAX, CHAT_BATCH_MS, ChatSampler } from '../../src/chat/chat-sample';

let seq = 0;
const from = (sender: string, fromHost = false, sentAtMs = 0): ChatMessage => ({
  seq: ++seq,
  messageUuid: `m-${seq}`,
  gameUuid: 'g',
  playerUuid: sender,
  alias: sender,
  text: `${sender} says ${seq}`,
  sentAt: new Date(sentAtMs).toISOString(),
  fromHost,
});
/** `count` messages from each of `senders`, interleaved as they would arrive. */
const chatter = (senders: string[], count: number) =>
  Array.from({ length: count }, () => senders.map((sender) => from(sender))).flat();
const senders = (n: number, name = 'p') => Array.from({ length: n }, (_, i) => `${name}${i}`);
const seqsOf = (messages: ChatMessage[]) => messages.map((message) => message.seq);
const isSorted = (values: number[]) => values.every((value, i) => i === 0 || values[i - 1]! < value);

describe('what a batch shows once the chat is too fast to read', () => {
  it('shows a batch of at most the cap whole, in seq order', () => {
    const sampler = new ChatSampler(CHAT_BATCH_MAX);
    const batch = chatter(senders(2), 5).reverse();
    expect(seqsOf(sampler.choose(batch))).toEqual(seqsOf(batch).sort((a, b) => a - b));
  });

  it('beyond the cap, takes one message a sender before anyone gets a second', () => {
    const sampler = new ChatSampler(10);
    // Three fast senders first (20 messages each), then seven who post once.
    const fast = chatter(['fast1', 'fast2', 'fast3'], 20);
    const slow = senders(7, 'slow').map((sender) => from(sender));
    const shown = sampler.choose([...fast, ...slow]);
    expect(shown).toHaveLength(10);
    expect(new Set(shown.map((message) => message.playerUuid)).size).toBe(10);
    expect(isSorted(seqsOf(shown))).toBe(true);
    // Each sender's first message, not a random one of theirs.
    const fastShown = shown.filter((message) => message.playerUuid.startsWith('fast'));
    expect(fastShown.map((message) => message.seq)).toEqual(seqsOf(fast.slice(0, 3)));
  });

  it("fills the slots left with senders' next messages when few are speaking", () => {
    const sampler = new ChatSampler(10);
    const shown = sampler.choose(chatter(['a', 'b', 'c'], 6));
    expect(shown).toHaveLength(10);
    const count = (sender: string) => shown.filter((message) => message.playerUuid === sender).length;
    // Three rounds of three, then one more: nobody more than one ahead of another.
    expect([count('a'), count('b'), count('c')].sort()).toEqual([3, 3, 4]);
  });

  it("always shows the hosts' messages, over the cap if need be", () => {
    const sampler = new ChatSampler(4);
    const crowd = chatter(senders(30), 1);
    const hosts = [from('host', true), from('moderator', true), from('host', true)];
    const shown = sampler.choose([...crowd.slice(0, 15), ...hosts, ...crowd.slice(15)]);
    expect(shown.filter((message) => message.fromHost)).toEqual(hosts);
    expect(shown).toHaveLength(4);
    const lots = Array.from({ length: 6 }, () => from('host', true));
    expect(sampler.choose([...lots, ...crowd])).toEqual(lots);
  });

  it('hears everyone over a few batches: the senders shown longest ago come first', () => {
    const sampler = new ChatSampler(10);
    const crowd = senders(40);
    const heard = new Set<string>();
    // Four batches of 40 senders into 10 slots: each sender is shown once.
    for (let batch = 0; batch < 4; batch++) {
      const shown = sampler.choose(chatter(crowd, 1));
      for (const message of shown) {
        expect(heard.has(message.playerUuid), `${message.playerUuid} again before all were heard`).toBe(
          false,
        );
        heard.add(message.playerUuid);
      }
    }
    expect(heard.size).toBe(40);
  });

  it('allows the cap for each half-second the batch covers: a runner catching up loses nothing of a slow chat', () => {
    // A runner taking over after a crash reads 3.5 s of posts at once, 8 a second: all shown.
    const slow = Array.from({ length: 28 }, (_, i) => from(`p${i % 12}`, false, i * 125));
    expect(seqsOf(new ChatSampler(CHAT_BATCH_MAX).choose(slow))).toEqual(seqsOf(slow));
    // The same 3.5 s at 40 a second: ten for each of its seven half-seconds.
    const fast = Array.from({ length: 140 }, (_, i) => from(`p${i % 50}`, false, i * 25));
    const windows = Math.ceil((139 * 25) / CHAT_BATCH_MS);
    expect(new ChatSampler(CHAT_BATCH_MAX).choose(fast)).toHaveLength(CHAT_BATCH_MAX * windows);
  });

  it('breaks ties by chance, not by who spoke first', () => {
    const firstSendersShown = new Set<string>();
    for (let run = 0; run < 20; run++) {
      const shown = new ChatSampler(1).choose(chatter(senders(10), 1));
      firstSendersShown.add(shown[0]!.playerUuid);
    }
    expect(firstSendersShown.size).toBeGreaterThan(1);
    // With a fixed draw the choice is reproducible.
    const pick = () => new ChatSampler(3, () => 0.5).choose(chatter(senders(10), 1)).map((m) => m.playerUuid);
    expect(pick()).toEqual(pick());
  });
});
