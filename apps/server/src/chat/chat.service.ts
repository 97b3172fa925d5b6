import {
  AuthErrorCode,
  CHAT_LINK_MESSAGE,
  CHAT_MUTED_MESSAGE,
  CHAT_SNAPSHOT_SIZE,
  CHAT_TOO_FAST_MESSAGE,
  ChatErrorCode,
  ErrorCode,
  catalogueMessage,
  type ChatMessage,
  type HostChatResponse,
  type SendChatBody,
} from '@ruthless/protocol';
import { hasChat } from '@ruthless/game';
import type { Player } from '../auth/identity';
import type { RateLimitRule, RateLimitStore } from '../auth/rate-limit';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError, TooManyRequestsError } from '../errors';
import type { Phones } from '../realtime/phones';
import { SharedReads } from '../db/shared-reads';
import type { ChatRepository } from './chat.repository';
import { containsLink } from './links';
import { maskProfanity } from './profanity';

export const DEFAULT_CHAT_LIMIT: RateLimitRule = { window: 10, max: 5 };
const HOST_HISTORY = 200;

const notFound = (message: string) => new NotFoundError(ErrorCode.notFound, message);
const forbidden = (code: string, message: string) => new ForbiddenError(code, message);
const closed = (message: string) => new ConflictError(ChatErrorCode.closed, message);

/** What the chat's moderation sends to the phones. */
export type ChatPhones = Pick<Phones, 'chatDeleted'>;

/**
 * Chat during a live show (docs/chat.md): who may send, what is stored, and the host's
 * moderation. A message is stored here, on whichever process takes the post; the game's runner
 * sends it to the phones in its next batch (ChatFeed, chat-feed.ts).
 */
export class ChatService {
  constructor(
    private readonly repository: ChatRepository,
    private readonly phones: ChatPhones,
    private readonly limits: RateLimitStore,
    private readonly limit: RateLimitRule = DEFAULT_CHAT_LIMIT,
  ) {}

  // Joins of one game at once (the green room, a reconnect storm) share the read of its recent chat.
  private readonly recentReads = new SharedReads((gameId: string) =>
    this.repository.recent(gameId, CHAT_SNAPSHOT_SIZE),
  );

  async send(player: Player, body: SendChatBody): Promise<ChatMessage> {
    const game = await this.repository.senderContext(body.gameUuid, player.id);
    if (!game || game.roomId !== body.roomUuid) throw notFound('This game does not exist.');
    const isHost = player.role === 'host';
    if (!isHost && !game.holdsTicket)
      throw forbidden(ChatErrorCode.notHolder, 'Only ticket holders of this show can chat.');
    if (game.stage === 'scheduled') throw closed('The chat opens with the green room.');
    if (game.stage === 'cancelled') throw closed('This show has been cancelled.');
    // From the green room until the results; after that the chat is read-only.
    if (!hasChat(game.stage)) throw closed('The show is over: the chat is closed.');
    // The name shown is the profile's, whatever the request's playerName said.
    const alias = game.alias;
    if (!game.registered && !isHost)
      throw forbidden(AuthErrorCode.permissionDenied, catalogueMessage(AuthErrorCode.permissionDenied));
    if (alias === null && !isHost)
      throw forbidden(ChatErrorCode.noAlias, 'Choose a new chat name in your profile before chatting.');
    if (game.muted) throw forbidden(ChatErrorCode.muted, CHAT_MUTED_MESSAGE);
    // A link shown to every viewer is the host's to post (phishing, spam), not a player's.
    if (!isHost && containsLink(body.chatContent))
      throw new InvalidError(ChatErrorCode.link, CHAT_LINK_MESSAGE, 'chatContent');
    const { count, retryAfter } = await this.limits.hit(`chat:${player.id}`, this.limit.window);
    if (count > this.limit.max)
      throw new TooManyRequestsError(ChatErrorCode.tooFast, CHAT_TOO_FAST_MESSAGE, retryAfter);

    const row = await this.repository.insert(game.id, player.id, maskProfanity(body.chatContent), isHost);
    // Stored is acknowledged: the runner's next batch reads it from the database.
    return {
      seq: row.seq,
      messageUuid: row.id,
      gameUuid: row.gameId,
      playerUuid: row.playerId,
      alias: alias ?? 'Host',
      text: row.text,
      sentAt: row.createdAt.toISOString(),
      fromHost: row.fromHost,
    };
  }

  /** The join snapshot's chat: the latest messages, deleted ones left out. */
  recent(gameId: string): Promise<ChatMessage[]> {
    return this.recentReads.get(gameId);
  }

  async hostView(gameId: string): Promise<HostChatResponse> {
    await this.gameOrThrow(gameId);
    // The muted come from the mutes, not the messages: a muted player whose messages were all
    // deleted (or scrolled past the history) can still be unmuted.
    const [messages, mutedPlayers] = await Promise.all([
      this.repository.recent(gameId, HOST_HISTORY),
      this.repository.mutedPlayers(gameId),
    ]);
    return { messages, mutedPlayers };
  }

  async deleteMessage(host: Player, gameId: string, messageId: string): Promise<void> {
    await this.gameOrThrow(gameId);
    const deleted = await this.repository.delete(gameId, messageId, host.id);
    // Deleting twice is fine; deleting what never was is not.
    if (!deleted && !(await this.repository.messageExists(gameId, messageId)))
      throw notFound('This message does not exist.');
    // A message not yet in a batch never goes out: the runner's batches read undeleted ones.
    if (deleted) this.phones.chatDeleted(gameId, [messageId]);
  }

  async mute(host: Player, gameId: string, playerId: string): Promise<void> {
    await this.gameOrThrow(gameId);
    if ((await this.repository.aliasOf(playerId)) === undefined)
      throw notFound('This player does not exist.');
    await this.repository.mute(gameId, playerId, host.id);
  }

  async unmute(gameId: string, playerId: string): Promise<void> {
    await this.gameOrThrow(gameId);
    await this.repository.unmute(gameId, playerId);
  }

  async resetAlias(playerId: string): Promise<void> {
    if (!(await this.repository.resetAlias(playerId))) throw notFound('This player does not exist.');
  }

  /** The same, from a game's chat: the game must exist, so the audit files it under the game. */
  async resetAliasFromGame(gameId: string, playerId: string): Promise<void> {
    await this.gameOrThrow(gameId);
    await this.resetAlias(playerId);
  }

  private async gameOrThrow(gameId: string) {
    const game = await this.repository.findGame(gameId);
    if (!game) throw notFound('This game does not exist.');
    return game;
  }
}
