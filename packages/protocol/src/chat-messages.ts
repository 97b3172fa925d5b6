/**
 * The chat's limits and refusal messages, apart from the schemas of chat.ts: this module has no
 * zod, so the game screen can cap its chat field without loading zod (docs/web-quality.md,
 * JavaScript per route).
 */
import { MAX_COMBINING_MARKS } from './text-rules';

export const CHAT_MAX_LENGTH = 200;
/** Messages in the join snapshot. */
export const CHAT_SNAPSHOT_SIZE = 50;
export const CHAT_TOO_FAST_MESSAGE = 'You are sending messages too fast. Wait a moment.';
export const CHAT_MUTED_MESSAGE = 'You have been muted by the host.';
export const CHAT_LINK_MESSAGE = 'Only the host can post links.';
/** An empty message, or one with nothing visible in it (only zero-width or filler characters). */
export const CHAT_EMPTY_MESSAGE = 'Type a message first.';
export const CHAT_CONTROL_CHARACTERS_MESSAGE = 'Messages cannot contain control or invisible characters.';
export const CHAT_COMBINING_MARKS_MESSAGE = `Messages can have at most ${MAX_COMBINING_MARKS} accents on one letter.`;

/** Codes of chat refusals (their messages are the server's own, shown as sent). */
export const ChatErrorCode = {
  notHolder: 'chat/not-a-ticket-holder',
  closed: 'chat/closed',
  noAlias: 'chat/no-alias',
  muted: 'chat/muted',
  tooFast: 'chat/too-fast',
  link: 'chat/link',
} as const;
