import { sql } from 'drizzle-orm';
import { GroupedCalls } from '../db/grouped-calls';
import { queryRows, type Db } from '../db/database';
import { endedSessions, tokenCutoffs } from '../db/schema';

/**
 * How long a process trusts its copy of a user's cut-off. Another process's reset (or a user's
 * deletion) is honoured here within this time; the process that made it honours it at once.
 */
export const TOKEN_CUTOFF_CACHE_MS = 5_000;
/** Copies kept at most; past this the cache starts over (a re-read costs one indexed query). */
const MAX_CACHED = 100_000;
/**
 * How long a signed-out session is kept: longer than any of its tokens can live (15 minutes from
 * their issue, and none is issued once it is gone), with room for clocks that differ.
 */
export const ENDED_SESSION_KEPT_MS = 60 * 60_000;

interface CutoffRead {
  /** Tokens issued before this (ms since the epoch) are refused; Infinity: the user is gone. */
  validAfter: number;
  /** The user's sessions signed out: their tokens are refused. */
  endedSessions: ReadonlySet<string>;
}

interface CachedCutoff extends CutoffRead {
  readAt: number;
  reading?: Promise<CutoffRead>;
}

const NO_ENDED_SESSIONS: ReadonlySet<string> = new Set();

/**
 * Per-user "valid after" times of identity tokens (a password reset, a deletion) and the user's
 * signed-out sessions (a token names its session, `sid`), kept in the database so every process
 * agrees, and cached per process for TOKEN_CUTOFF_CACHE_MS. Checked on every authenticated
 * request, at the socket handshake and (from the cache, without waiting) on socket actions;
 * claims check both in the deal's own statement (migrations 0020, 0022).
 */
export class TokenCutoffs {
  private readonly cache = new Map<string, CachedCutoff>();
  // A rush of distinct players (a show's claims) misses the cache once each: the reads waiting
  // while one runs share the next.
  private readonly reads = new GroupedCalls<string, CutoffRead>((_, userIds) => this.readMany(userIds), {
    maxGroup: 500,
    inFlight: 2,
  });

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    private readonly maxAgeMs: number = TOKEN_CUTOFF_CACHE_MS,
  ) {}

  /** True when a token of the user issued at `issuedAt` (ms) for `sessionId` still counts. */
  async allows(userId: string, issuedAt: number, sessionId?: string): Promise<boolean> {
    const cached = this.cache.get(userId);
    const known = cached && this.now() - cached.readAt < this.maxAgeMs ? cached : await this.read(userId);
    return counts(known, issuedAt, sessionId);
  }

  /**
   * The same from the cache alone, for socket actions that must not wait on the database: a
   * stale or missing copy answers with what it knows and is read again in the background.
   */
  allowsNow(userId: string, issuedAt: number, sessionId?: string): boolean {
    const cached = this.cache.get(userId);
    if (!cached || this.now() - cached.readAt >= this.maxAgeMs) void this.read(userId).catch(() => {});
    return cached ? counts(cached, issuedAt, sessionId) : true;
  }

  /** Refuses every token of the user issued before now (a new sign-in's token counts). */
  async cutOff(userId: string): Promise<void> {
    const validAfter = this.now();
    const at = new Date(validAfter);
    await this.db
      .insert(tokenCutoffs)
      .values({ userId, validAfter: at })
      .onConflictDoUpdate({
        target: tokenCutoffs.userId,
        set: { validAfter: sql`greatest(${tokenCutoffs.validAfter}, excluded.valid_after)` },
      })
      // The user may be gone already (a deletion): nothing to keep then.
      .catch(() => undefined);
    this.remember(userId, { validAfter, endedSessions: NO_ENDED_SESSIONS });
  }

  /**
   * Refuses every token of one session of the user (signing out), on this process at once and
   * on others within the cache time; the user's other sessions go on.
   */
  async endSession(userId: string, sessionId: string): Promise<void> {
    const now = this.now();
    await this.db
      .insert(endedSessions)
      .values({ sessionId, userId, endedAt: new Date(now) })
      .onConflictDoNothing()
      // The user may be gone already (a deletion refuses all their tokens): nothing to keep then.
      .catch(() => undefined);
    // Sessions whose tokens have all expired need keeping no longer.
    await this.db.execute(
      sql`delete from ended_sessions where ended_at < ${new Date(now - ENDED_SESSION_KEPT_MS).toISOString()}::timestamptz`,
    );
    this.remember(userId, { validAfter: 0, endedSessions: new Set([sessionId]) });
  }

  /** Forgets a deleted user's tokens at once on this process (others notice within the cache time). */
  forget(userId: string): void {
    this.remember(userId, { validAfter: Number.POSITIVE_INFINITY, endedSessions: NO_ENDED_SESSIONS });
  }

  private read(userId: string): Promise<CutoffRead> {
    const cached = this.cache.get(userId);
    if (cached?.reading) return cached.reading;
    const reading = this.reads
      .call('', userId)
      .then((read) => {
        // Cut-offs only move forward: a read that began before a cut-off here never undoes it.
        this.remember(userId, read);
        return this.cache.get(userId)!;
      })
      .finally(() => {
        const entry = this.cache.get(userId);
        if (entry?.reading === reading) delete entry.reading;
      });
    if (cached) cached.reading = reading;
    else
      this.cache.set(userId, {
        validAfter: 0,
        endedSessions: NO_ENDED_SESSIONS,
        readAt: Number.NEGATIVE_INFINITY,
        reading,
      });
    return reading;
  }

  /** Each user's "valid after" time (ms; Infinity for a user who is gone) and ended sessions. */
  private async readMany(userIds: string[]): Promise<CutoffRead[]> {
    const rows = await queryRows<{
      user_id: string;
      valid_after: string | Date | null;
      ended: string[] | null;
    }>(
      this.db,
      sql`select u.id as user_id, c.valid_after,
                 (select array_agg(e.session_id) from ended_sessions e where e.user_id = u.id) as ended
          from users u left join token_cutoffs c on c.user_id = u.id
          where u.id in (${sql.join(
            userIds.map((userId) => sql`${userId}`),
            sql`, `,
          )})`,
    );
    const found = new Map(
      rows.map((row): [string, CutoffRead] => [
        row.user_id,
        {
          validAfter: row.valid_after === null ? 0 : new Date(row.valid_after).getTime(),
          endedSessions: row.ended ? new Set(row.ended) : NO_ENDED_SESSIONS,
        },
      ]),
    );
    return userIds.map(
      (userId) =>
        found.get(userId) ?? { validAfter: Number.POSITIVE_INFINITY, endedSessions: NO_ENDED_SESSIONS },
    );
  }

  /** Takes in what is known now: cut-offs only move forward, and ended sessions stay ended. */
  private remember(userId: string, known: CutoffRead): void {
    if (this.cache.size >= MAX_CACHED && !this.cache.has(userId)) this.cache.clear();
    const previous = this.cache.get(userId);
    const ended = previous?.endedSessions.size
      ? new Set([...previous.endedSessions, ...known.endedSessions])
      : known.endedSessions;
    this.cache.set(userId, {
      validAfter: Math.max(known.validAfter, previous?.validAfter ?? 0),
      endedSessions: ended,
      readAt: this.now(),
      ...(previous?.reading ? { reading: previous.reading } : {}),
    });
  }
}

/** Whether a token issued at `issuedAt` for `sessionId` counts against what is known. */
const counts = (known: CutoffRead, issuedAt: number, sessionId: string | undefined) =>
  issuedAt >= known.validAfter && !(sessionId !== undefined && known.endedSessions.has(sessionId));
