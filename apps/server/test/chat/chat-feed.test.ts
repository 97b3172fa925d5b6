import type { ChatMessage } from '@ruthless/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_FLUSH_MAX_MS, CHAT_FLUSH_MS, ChatFeed } from '../../src/chat/chat-feed';

const message = (gameUuid: string, seq: number): ChatMessage => ({
  seq,
  messageUuid: `m-${gameUuid}-${seq}`,
  gameUuid,
  playerUuid: 'p',
  alias: 'Pat',
  text: `hello ${seq}`,
  sentAt: new Date(0).toISOString(),
  fromHost: false,
});

describe('the chat feed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sends each game's messages as one batch in order, a flush interval after the first", () => {
    const sent: [string, number[]][] = [];
    const feed = new ChatFeed((gameId, messages) => sent.push([gameId, messages.map((m) => m.seq)]));
    feed.push(message('a', 2));
    feed.push(message('b', 7));
    feed.push(message('a', 1));
    vi.advanceTimersByTime(CHAT_FLUSH_MS - 1);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      ['a', [1, 2]],
      ['b', [7]],
    ]);
    feed.push(message('a', 3));
    vi.advanceTimersByTime(CHAT_FLUSH_MS);
    expect(sent.at(-1)).toEqual(['a', [3]]);
  });

  it('gathers longer for a bigger audience, up to half a second, game by game', () => {
    const viewers: Record<string, number> = { small: 40, mid: 3_000, huge: 50_000 };
    const feed = new ChatFeed(
      () => undefined,
      (gameId) => viewers[gameId] ?? 0,
    );
    expect(feed.flushDelay('small')).toBe(CHAT_FLUSH_MS);
    expect(feed.flushDelay('mid')).toBe(150);
    expect(feed.flushDelay('huge')).toBe(CHAT_FLUSH_MAX_MS);

    const sent: string[] = [];
    const timed = new ChatFeed(
      (gameId) => sent.push(gameId),
      (gameId) => viewers[gameId] ?? 0,
    );
    timed.push(message('huge', 1));
    timed.push(message('small', 1));
    vi.advanceTimersByTime(CHAT_FLUSH_MS);
    expect(sent).toEqual(['small']);
    vi.advanceTimersByTime(CHAT_FLUSH_MAX_MS - CHAT_FLUSH_MS);
    expect(sent).toEqual(['small', 'huge']);
  });

  it('sends what is waiting when it stops', () => {
    const sent: string[] = [];
    const feed = new ChatFeed((gameId) => sent.push(gameId));
    feed.push(message('a', 1));
    feed.stop();
    expect(sent).toEqual(['a']);
    vi.advanceTimersByTime(CHAT_FLUSH_MAX_MS);
    expect(sent).toEqual(['a']);
  });

  it('never sends a message deleted while it waited for its batch', () => {
    const sent: [string, number[]][] = [];
    const feed = new ChatFeed((gameId, messages) => sent.push([gameId, messages.map((m) => m.seq)]));
    feed.push(message('a', 1));
    feed.push(message('a', 2));
    feed.push(message('b', 1));
    feed.drop('a', ['m-a-1']);
    feed.drop('b', ['m-b-1']);
    feed.drop('c', ['m-c-1']);
    vi.advanceTimersByTime(CHAT_FLUSH_MS);
    // Game b's batch was all deleted: nothing goes out for it.
    expect(sent).toEqual([['a', [2]]]);
  });
});
