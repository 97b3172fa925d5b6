/**
 * The chat message of the chat wire contract. Until the chat protocol (`ChatMessage` in
 * @ruthless/protocol) lands, the console declares the same shape here; switch the import then.
 */
export interface ChatMessage {
  seq: number;
  messageUuid: string;
  gameUuid: string;
  playerUuid: string;
  alias: string;
  text: string;
  sentAt: string;
  fromHost: boolean;
}
