import { LUCKY_FATE_MODES, STAGES } from '@ruthless/game';
import { z } from 'zod';

import { OPERATOR } from './auth-messages';
export const THEMES = ['RED', 'GOLD', 'GREEN', 'DEFAULT'] as const;
export const themeSchema = z.enum(THEMES);
export type Theme = z.infer<typeof themeSchema>;

/** The game's stage on the wire (`state`): the engine's list (@ruthless/game STAGES). */
export const gameStateSchema = z.enum(STAGES);

export const luckyFateModeSchema = z.enum(LUCKY_FATE_MODES);

/** Prizes in pence. */
export const prizesSchema = z.object({
  oneLine: z.number().int().nonnegative(),
  twoLines: z.number().int().nonnegative(),
  fullHouse: z.number().int().nonnegative(),
});
export type Prizes = z.infer<typeof prizesSchema>;

/** A game as the lobby lists it (docs/player-app.md (State kept by the app) "Game", docs/game-rules.md "Game"). */
export const lobbyGameSchema = z.object({
  gameUuid: z.uuid(),
  gameStartTime: z.iso.datetime(),
  /** The reels have begun: claims are closed. A game in its green room has not started. */
  hasGameStarted: z.boolean(),
  prizeLuckyFateSelections: luckyFateModeSchema,
  maxTickets: z.number().int(),
  ticketsAvailable: z.number().int(),
  /** `fullHouse` includes `rolloverPence`, the pot an all-steal final rolled into this game. */
  prizes: prizesSchema,
  rolloverPence: z.number().int().nonnegative(),
  state: gameStateSchema,
  commitment: z.string(),
});
export type LobbyGame = z.infer<typeof lobbyGameSchema>;

/** A room with its upcoming games (docs/player-app.md (State kept by the app) "Room"). */
export const roomSchema = z.object({
  roomUuid: z.uuid(),
  name: z.string(),
  roomImage: z.string(),
  theme: themeSchema,
  /** The server's clock when it answered, so the app can correct countdowns for skew. */
  serverTime: z.iso.datetime(),
  games: z.array(lobbyGameSchema),
  /** An all-steal pot waiting for the room's next game (none can take it yet); 0 when none. */
  rolloverPence: z.number().int().nonnegative().default(0),
});
export type Room = z.infer<typeof roomSchema>;

export const roomsQuerySchema = z.strictObject({
  operator: z.literal(OPERATOR, { error: `operator must be '${OPERATOR}'` }),
});
export const roomsResponseSchema = z.array(roomSchema);
