import { z } from 'zod';
import type { Choice, GameEvent, PlayerView, PublicView, PublishedGameEvent } from '@ruthless/game';
import type { ChatMessage } from './chat';
import { themeSchema } from './rooms';

/**
 * The live show on the wire. The server folds the game's stored events with the engine and,
 * after every event, sends the redacted event with the public view it leads to. A client shows
 * the latest view; its own ticket's marks come from `view.ballSequence`.
 */

/** An event as viewers see it: secrets (profile defaults, finalists' choices before the reveal) removed. */
export type WireEvent =
  | Exclude<GameEvent, { type: 'ticket-claimed' } | { type: 'choice-made' } | { type: 'lucky-fate-picked' }>
  | { type: 'ticket-claimed'; at: number; ticketIndex: number; playerId: string }
  | { type: 'choice-made'; at: number; playerId: string }
  | { type: 'lucky-fate-picked'; at: number; playerId: string };

/** What everyone in a game sees, plus what the app needs beside the engine's view. */
export interface LiveView extends PublicView {
  roomUuid: string;
  /** ISO start time of the show. */
  gameStartTime: string;
  /** HLS address, video file path, or null for the demo's own studio loop. */
  videoSource: string | null;
  /** Chat names of the players the view mentions (queue, winners, finalists, payouts). */
  names: Record<string, string>;
}

/** One event, numbered, with the server time it happened and the view after it. */
export interface LiveGameMessage {
  gameUuid: string;
  seq: number;
  /** Server time (ms) of the event: the app delays display by the stream's latency from it. */
  at: number;
  event: WireEvent;
  view: LiveView;
}

/** What a player (not a spectator) alone may see on joining. */
export type YouView = Pick<PlayerView, 'playerId' | 'myTicket' | 'isFinalist' | 'myChoice'> & {
  /** The ticket's grid: 3 rows of 9, a number or null. */
  ticket: (number | null)[][] | null;
};

export interface GameSnapshot {
  gameUuid: string;
  seq: number;
  serverTime: number;
  view: LiveView;
  /** Null for spectators and preview mode. */
  you: YouView | null;
  /** The latest chat messages (at most 50, seq order, deleted ones left out). */
  chat: ChatMessage[];
}

export type JoinGameResult =
  | {
      ok: true;
      snapshot: GameSnapshot;
      /** The events after the client's lastSeq (when it was near), in order; else empty. */
      missed: LiveGameMessage[];
    }
  | { ok: false; message: string };

export type ActResult = { ok: true } | { ok: false; message: string };

export const joinGameRequestSchema = z.strictObject({
  gameUuid: z.uuid({ error: 'gameUuid must be a valid id' }),
  /** The last seq the client has shown, or null on first join. */
  lastSeq: z.number().int().min(0).nullable(),
  /** The last chat seq the client has shown (optional: the snapshot's chat is deduplicated by seq). */
  lastChatSeq: z.number().int().min(0).nullable().optional(),
});
export type JoinGameRequest = z.infer<typeof joinGameRequestSchema>;

export const choiceBodySchema = z.strictObject({
  choice: z.enum(['share', 'steal'], { error: "choice must be 'share' or 'steal'" }),
});
export type ChoiceBody = { choice: Choice };

export const luckyFatePickBodySchema = z.strictObject({
  pick: z
    .number({ error: 'Pick one of the three lucky-fate cards' })
    .int({ error: 'Pick one of the three lucky-fate cards' })
    .min(0, { error: 'Pick one of the three lucky-fate cards' })
    .max(2, { error: 'Pick one of the three lucky-fate cards' }),
});

/** `GET /api/games/{gameUuid}/results`, after the end (409 before). */
export interface GameResults {
  gameUuid: string;
  roomUuid: string;
  seed: string;
  commitment: string;
  ballSequence: number[];
  prizeBall: number;
  potMultiplier: 1 | 2 | 3;
  winners: {
    prize: 'one-line' | 'two-lines' | 'full-house';
    ball: number;
    onPrizeBall: boolean;
    tickets: { ticketIndex: number; playerId: string; name: string; pence: number }[];
  }[];
  finalists: {
    ticketIndex: number;
    playerId: string;
    name: string;
    runnerUp: boolean;
    choice: Choice | null;
    defaulted: boolean;
    luckyFatePick: number;
    luckyFateMultiplier: 1 | 2 | 3;
  }[];
  outcome: 'all-share' | 'some-steal' | 'all-steal' | 'no-final';
  potPence: number;
  rolloverPence: number;
  payouts: { playerId: string; name: string; pence: number }[];
}

const multiplierSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** The app reads `GET /api/games/{gameUuid}/results` with this (the shape of GameResults). */
export const gameResultsSchema = z.object({
  gameUuid: z.string(),
  roomUuid: z.string(),
  seed: z.string(),
  commitment: z.string(),
  ballSequence: z.array(z.number()),
  prizeBall: z.number(),
  potMultiplier: multiplierSchema,
  winners: z.array(
    z.object({
      prize: z.enum(['one-line', 'two-lines', 'full-house']),
      ball: z.number(),
      onPrizeBall: z.boolean(),
      tickets: z.array(
        z.object({ ticketIndex: z.number(), playerId: z.string(), name: z.string(), pence: z.number() }),
      ),
    }),
  ),
  finalists: z.array(
    z.object({
      ticketIndex: z.number(),
      playerId: z.string(),
      name: z.string(),
      runnerUp: z.boolean(),
      choice: z.enum(['share', 'steal']).nullable(),
      defaulted: z.boolean(),
      luckyFatePick: z.number(),
      luckyFateMultiplier: multiplierSchema,
    }),
  ),
  outcome: z.enum(['all-share', 'some-steal', 'all-steal', 'no-final']),
  potPence: z.number(),
  rolloverPence: z.number(),
  payouts: z.array(z.object({ playerId: z.string(), name: z.string(), pence: z.number() })),
}) satisfies z.ZodType<GameResults>;

/**
 * `GET /api/games/{gameUuid}/share`, for an ended show only (404 otherwise, no sign-in): what its
 * link preview says and where its public results page and share card are (absolute addresses on
 * PUBLIC_URL; the card's changes with `version`). Only what the results publish.
 */
export const shareSummarySchema = z.object({
  gameUuid: z.string(),
  roomName: z.string(),
  roomTheme: themeSchema,
  title: z.string(),
  description: z.string(),
  pageUrl: z.string(),
  imageUrl: z.string(),
  imageAlt: z.string(),
  version: z.string(),
});
export type ShareSummary = z.infer<typeof shareSummarySchema>;

/**
 * The app reads `GET /api/games/{gameUuid}/events` with this: the envelope checked, each event an
 * object with a type (what the events say is `verifyGame`'s to check, not the parser's).
 */
export const gameEventLogSchema = z.object({
  gameUuid: z.string(),
  seed: z.string(),
  commitment: z.string(),
  events: z.array(
    z.custom<PublishedGameEvent>(
      (event) =>
        typeof event === 'object' && event !== null && typeof (event as { type?: unknown }).type === 'string',
      { error: 'each event must be an object with a type' },
    ),
  ),
}) satisfies z.ZodType<GameEventLog>;

/**
 * `GET /api/games/{gameUuid}/events`, after the end (409 before): the game's stored event log
 * (`events[i]` is seq i + 1) as `publishedEventLog` of `@ruthless/game` publishes it (player ids
 * as this game's pseudonyms, a holder's default only where it was played), with the seed, so
 * anyone can run `verifyGame(seed, commitment, events)`, or a check of their own.
 */
export interface GameEventLog {
  gameUuid: string;
  seed: string;
  commitment: string;
  events: PublishedGameEvent[];
}
