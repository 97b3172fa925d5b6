import { z } from 'zod';
import {
  eventsBy,
  publicView,
  type GameSetup,
  type GameState,
  type LuckyFateMode,
  type Prizes,
  type PublicView,
  type ReplayFold,
  type Timings,
} from '@ruthless/game';
import { gameEventLogSchema, type GameEventLog, type LiveView } from './live';

/**
 * `GET /api/replays/{gameUuid}`, after the end (409 before; no sign-in): what a phone needs
 * to show an ended show again by folding its published event log with the engine
 * (`foldPublishedLog` of `@ruthless/game`). Player ids are the log's pseudonyms throughout.
 */
export interface GameReplay extends GameEventLog {
  roomUuid: string;
  /** ISO start time of the show. */
  gameStartTime: string;
  /** The show's recording or video file; null: the studio loop. */
  videoSource: string | null;
  /**
   * ISO time of the recording's first frame when videoSource is a live stream's recording (it
   * plays at the show's clock minus this); null: a file that loops on the show's clock.
   */
  videoStartedAt: string | null;
  /** The game's setup as the engine folded it (the seed and commitment are the log's). */
  setup: {
    prizes: Prizes;
    luckyFateMode: LuckyFateMode;
    timings: Timings;
    rolloverPence: number;
    maxTickets: number | null;
  };
  /** Every ticket holder's chat name at the end of the show, by pseudonym. */
  names: Record<string, string>;
  /** The signed-in caller's own ticket in this show (their pseudonym), else null. */
  you: { playerId: string; ticketIndex: number } | null;
}

const pence = z.number().int().min(0);

/** The app reads `GET /api/replays/{gameUuid}` with this (the shape of GameReplay). */
export const gameReplaySchema = gameEventLogSchema.extend({
  roomUuid: z.string(),
  gameStartTime: z.string(),
  videoSource: z.string().nullable(),
  videoStartedAt: z.string().nullable(),
  setup: z.object({
    prizes: z.object({ oneLine: pence, twoLines: pence, fullHouse: pence }),
    luckyFateMode: z.enum(['pre-game', 'in-game']),
    timings: z.object({
      greenRoomMs: pence,
      reelsMs: pence,
      luckyFateMs: pence,
      ballIntervalMs: pence,
      ruthlessMs: pence,
      revealStepMs: pence,
    }),
    rolloverPence: pence,
    maxTickets: pence.nullable(),
  }),
  names: z.record(z.string(), z.string()),
  you: z.object({ playerId: z.string(), ticketIndex: z.number().int().min(0) }).nullable(),
}) satisfies z.ZodType<GameReplay>;

/** The engine's setup of a replayed show, to fold its log with (`foldPublishedLog`). */
export function replaySetup(replay: GameReplay): GameSetup {
  const { maxTickets, ...setup } = replay.setup;
  return {
    gameUuid: replay.gameUuid,
    seedHex: replay.seed,
    commitment: replay.commitment,
    ...setup,
    ...(maxTickets !== null ? { maxTickets } : {}),
  };
}

/** As many near-win entries as a live view carries. */
export const REPLAY_QUEUE_LIMIT = 20;

/** The players a view names (queue, winners, finalists, payouts), as the live views name them. */
export function mentionedPlayers(view: PublicView): string[] {
  const mentioned = new Set<string>();
  for (const entry of view.bingoTicketQueue) mentioned.add(entry.playerId);
  for (const award of view.awards) for (const winner of award.winners) mentioned.add(winner.playerId);
  for (const finalist of view.final?.finalists ?? []) mentioned.add(finalist.playerId);
  for (const payout of view.result?.payouts ?? []) mentioned.add(payout.playerId);
  return [...mentioned];
}

/**
 * The live view of a replayed show at time `at` of its own clock: the engine's public view of the
 * fold of every event up to `at`, with what the live view carries beside it. Seeking is only
 * choosing `at`: nothing is shown that the published log does not hold.
 */
export function replayView(replay: GameReplay, fold: ReplayFold, at: number): LiveView {
  return replayStateView(replay, fold.states[eventsBy(fold, at)]!, at);
}

/** The live view of one folded state of a replayed show, at time `at`. */
export function replayStateView(replay: GameReplay, state: GameState, at: number): LiveView {
  const view = publicView(state, at, { queueLimit: REPLAY_QUEUE_LIMIT });
  return {
    ...view,
    roomUuid: replay.roomUuid,
    gameStartTime: replay.gameStartTime,
    videoSource: replay.videoSource,
    names: Object.fromEntries(mentionedPlayers(view).map((id) => [id, replay.names[id] ?? 'Player'])),
  };
}
