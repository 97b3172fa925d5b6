import { z } from 'zod';
import { MAX_COMBINING_MARKS, hasControlCharacters, hasVisibleCharacter, longestMarkRun } from './text-rules';
import {
  CHAT_COMBINING_MARKS_MESSAGE,
  CHAT_CONTROL_CHARACTERS_MESSAGE,
  CHAT_EMPTY_MESSAGE,
  CHAT_MAX_LENGTH,
} from './chat-messages';

/**
 * Chat during a live show (docs/chat.md). Players send over REST (`POST /api/chat`); everyone
 * in the game's Socket.IO room receives messages in batches, and the join snapshot carries the
 * latest ones.
 */

export * from './chat-messages';

export interface ChatMessage {
  /** Increases per game (1, 2, 3 ...), independent of the game's event seq. */
  seq: number;
  messageUuid: string;
  gameUuid: string;
  playerUuid: string;
  /** The sender's chat name from their profile, never what the request said. */
  alias: string;
  /** Plain text (never markup), trimmed, profanity masked. */
  text: string;
  /** ISO time the server stored it. */
  sentAt: string;
  fromHost: boolean;
}

/** `chat:messages`: new messages of a game, batched, in seq order. */
export interface ChatMessagesPayload {
  gameUuid: string;
  messages: ChatMessage[];
}

/** `chat:deleted`: messages a host removed; every screen drops them. */
export interface ChatDeletedPayload {
  gameUuid: string;
  messageUuids: string[];
}

const text = (field: string) => ({ error: `${field} must be text` });

/** `POST /api/chat` (playerName is accepted for compatibility and ignored: names come from the profile). */
export const sendChatBodySchema = z.strictObject({
  gameUuid: z.uuid({ error: 'gameUuid must be a valid id' }),
  roomUuid: z.uuid({ error: 'roomUuid must be a valid id' }),
  playerName: z.string(text('playerName')).max(100, { error: 'playerName is too long' }).optional(),
  chatContent: z
    .string(text('Your message'))
    .trim()
    .min(1, { error: CHAT_EMPTY_MESSAGE, abort: true })
    .max(CHAT_MAX_LENGTH, { error: `Messages can be at most ${CHAT_MAX_LENGTH} characters.`, abort: true })
    // The chat name's character rules (./text-rules.ts), plus a cap on stacked accents.
    .refine((value) => !hasControlCharacters(value), { error: CHAT_CONTROL_CHARACTERS_MESSAGE, abort: true })
    .refine(hasVisibleCharacter, { error: CHAT_EMPTY_MESSAGE, abort: true })
    .refine((value) => longestMarkRun(value) <= MAX_COMBINING_MARKS, { error: CHAT_COMBINING_MARKS_MESSAGE }),
});
export type SendChatBody = z.infer<typeof sendChatBodySchema>;

export interface SendChatResponse {
  message: ChatMessage;
}

/** A player the host muted in one game's chat, listed whether or not their messages are left. */
export interface MutedPlayer {
  playerUuid: string;
  /** Their chat name now ('Player' after an alias reset). */
  alias: string;
  mutedAt: string;
}

/** `GET /api/host/games/{gameUuid}/chat`. */
export interface HostChatResponse {
  messages: ChatMessage[];
  /** Oldest mute first. */
  mutedPlayers: MutedPlayer[];
}

export const chatMessageSchema = z.object({
  seq: z.number().int(),
  messageUuid: z.string(),
  gameUuid: z.string(),
  playerUuid: z.string(),
  alias: z.string(),
  text: z.string(),
  sentAt: z.string(),
  fromHost: z.boolean(),
});
export const sendChatResponseSchema = z.object({ message: chatMessageSchema });
export const hostChatResponseSchema = z.object({
  messages: z.array(chatMessageSchema),
  mutedPlayers: z.array(z.object({ playerUuid: z.string(), alias: z.string(), mutedAt: z.string() })),
});
