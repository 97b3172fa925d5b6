import type { ChatMessage } from '@ruthless/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { useChatStore } from '@/lib/chat/chat-store';

const message = (seq: number): ChatMessage => ({
  seq,
  messageUuid: `m-${seq}`,
  gameUuid: 'g',
  playerUuid: 'p',
  alias: 'Pat',
  text: `hello ${seq}`,
  sentAt: new Date(0).toISOString(),
  fromHost: false,
});
const shown = () => useChatStore.getState().messages.map((m) => m.text);
const push = (...seqs: number[]) =>
  useChatStore.getState().receive('g', seqs.map(message), { me: null, history: false });

describe('the chat store', () => {
  beforeEach(() => useChatStore.getState().reset('g'));

  it('never shows a deleted message, even when its copy arrives after the deletion', () => {
    push(1);
    useChatStore.getState().remove('g', ['m-1', 'm-2']);
    expect(shown()).toEqual([]);
    const unread = useChatStore.getState().unread;
    // The batch holding message 2 comes in after the host deleted it.
    push(1, 2, 3);
    expect(shown()).toEqual(['hello 3']);
    // Only message 3 is new to the reader.
    expect(useChatStore.getState().unread).toBe(unread + 1);
  });

  it('forgets deletions when it moves to another game', () => {
    useChatStore.getState().remove('g', ['m-1']);
    useChatStore.getState().reset('g');
    push(1);
    expect(shown()).toEqual(['hello 1']);
  });
});
