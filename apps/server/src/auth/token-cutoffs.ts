import { eq, inArray, sql } from 'drizzle-orm';
import { GroupedCalls } from '../db/grouped-calls';
import type { Db } from '../db/database';
import { tokenCutoffs, users } from '../db/schema';

/**
 * How long a process trusts its copy of a user's cut-off. Another process's reset (or a user's
 * deletion) is honoured here within this time; the process that made it honours it at once.
 */
export const TOKEN_CUTOFF_CACHE_MS = 5_000;
/** Copies kept at most; past this the cache starts over (a re-read costs one indexed query). */
const MAX_CACHED = 100_000;

interface CachedCutoff {
  /** Tokens issued before this (ms since the epoch) are refused; Infinity: the user is gone. */
  validAfter: number;
  readAt: number;
  reading?: Promise<number>;
}

/**
 * Per-user "valid after" times of identity tokens, kept in the database so every process
 * agrees, and cached per process for TOKEN_CUTOFF_CACHE_MS. Checked on every authenticated
 * request, at the socket handshake and (from the cache, without waiting) on socket actions.
 */
export class TokenCutoffs {
  private readonly cache = new Map<string, CachedCutoff>();
  // A rush of distinct players (a show's claims) misses the cache once each: the reads waiting
  // while one runs share the next.
  private readonly reads = new GroupedCalls<string, number>((_, userIds) => this.readMany(userIds), {
    maxGroup: 500,
    inFlight: 2,
  });

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    private readonly maxAgeMs: number = TOKEN_CUTOFF_CACHE_MS,
  ) {}

  /** True when a token of the user issued at `issuedAt` (ms) still counts. */
  async allows(userId: string, issuedAt: number): Promise<boolean> {
    const cached = this.cache.get(userId);
    const validAfter =
      cached && this.now() - cached.readAt < this.maxAgeMs ? cached.validAfter : await this.read(userId);
    return issuedAt >= validAfter;
  }

  /**
   * The same from the cache alone, for socket actions that must not wait on the database: a
   * stale or missing copy answers with what it knows and is read again in the background.
   */
  allowsNow(userId: string, issuedAt: number): boolean {
    const cached = this.cache.get(userId);
    if (!cached || this.now() - cached.readAt >= this.maxAgeMs) void this.read(userId).catch(() => {});
    return issuedAt >= (cached?.validAfter ?? 0);
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
    this.remember(userId, validAfter);
  }

  /** Forgets a deleted user's tokens at once on this process (others notice within the cache time). */
  forget(userId: string): void {
    this.remember(userId, Number.POSITIVE_INFINITY);
  }

  private read(userId: string): Promise<number> {
    const cached = this.cache.get(userId);
    if (cached?.reading) return cached.reading;
    const reading = this.reads
      .call('', userId)
      .then((read) => {
        // Cut-offs only move forward: a read that began before a cut-off here never undoes it.
        const validAfter = Math.max(read, this.cache.get(userId)?.validAfter ?? 0);
        this.remember(userId, validAfter);
        return validAfter;
      })
      .finally(() => {
        const entry = this.cache.get(userId);
        if (entry?.reading === reading) delete entry.reading;
      });
    if (cached) cached.reading = reading;
    else this.cache.set(userId, { validAfter: 0, readAt: Number.NEGATIVE_INFINITY, reading });
    return reading;
  }

  /** Each user's "valid after" time (ms); Infinity for a user who is gone. */
  private async readMany(userIds: string[]): Promise<number[]> {
    const rows = await this.db
      .select({ userId: users.id, validAfter: tokenCutoffs.validAfter })
      .from(users)
      .leftJoin(tokenCutoffs, eq(tokenCutoffs.userId, users.id))
      .where(inArray(users.id, userIds));
    const found = new Map(rows.map((row) => [row.userId, row.validAfter?.getTime() ?? 0]));
    return userIds.map((userId) => found.get(userId) ?? Number.POSITIVE_INFINITY);
  }

  private remember(userId: string, validAfter: number): void {
    if (this.cache.size >= MAX_CACHED && !this.cache.has(userId)) this.cache.clear();
    const reading = this.cache.get(userId)?.reading;
    this.cache.set(userId, { validAfter, readAt: this.now(), ...(reading ? { reading } : {}) });
  }
}
