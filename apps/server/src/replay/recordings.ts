import { and, desc, eq, gte, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { games } from '../db/schema';

/** What the streaming server tells of a finished recording (POST /api/streams/recordings). */
export interface StreamRecording {
  /** The RTMP stream key: the game's videoSource is the HLS address `…/<key>.m3u8`. */
  streamKey: string;
  /** The recording's public address (a file browsers play). */
  recordingUrl: string;
  /** When the recording's first frame was taken: the replay seeks it on the show's clock. */
  startedAt: Date;
}

/**
 * The recordings of live-streamed shows (docs/live-streaming.md, Recording for the replay): each
 * is kept on the game that streamed from its key while it was recorded.
 */
export class StreamRecordings {
  constructor(private readonly db: Db) {}

  /**
   * Keeps the recording on the show that played its stream key and was on air during it (started
   * by `endedAt`, not ended before it started), the latest such show; its id, or undefined when
   * there is none. A later recording of the same show (the stream restarted) replaces an earlier.
   */
  async keep(recording: StreamRecording, endedAt: Date): Promise<string | undefined> {
    // Compared as a suffix, not with LIKE: a key may hold `_`, a LIKE wildcard.
    const suffix = `/${recording.streamKey}.m3u8`;
    const [game] = await this.db
      .select({ id: games.id })
      .from(games)
      .where(
        and(
          sql`right(${games.videoSource}, ${suffix.length}) = ${suffix}`,
          ne(games.stage, 'cancelled'),
          lte(games.startTime, endedAt),
          or(isNull(games.endedAt), gte(games.endedAt, recording.startedAt)),
        ),
      )
      .orderBy(desc(games.startTime))
      .limit(1);
    if (!game) return undefined;
    await this.db
      .update(games)
      .set({ recordingUrl: recording.recordingUrl, recordingStartedAt: recording.startedAt })
      .where(eq(games.id, game.id));
    return game.id;
  }
}
