import { sql } from 'drizzle-orm';
import type { createClient } from 'redis';
import type { Db } from '../db/database';
import { rateLimits } from '../db/schema';
import { UnavailableError } from '../errors';

export interface RateLimitRule {
  /** Seconds. */
  window: number;
  max: number;
}

/**
 * Fixed-window counters shared by every process: in the database by default, in Redis when
 * REDIS_URL is set. Better Auth's per-IP limits and our per-account limits both use it.
 */
export interface RateLimitStore {
  /** Counts one hit on `key`; returns the count in the current window and seconds left in it. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }>;
  /** The count in the current window, without counting. */
  peek(key: string, windowSeconds: number): Promise<number>;
  /** Forgets the count of `key`. */
  reset(key: string): Promise<void>;
}

/**
 * A counter's key from its parts: each part is percent-encoded, so no value (an email with a
 * colon, an IPv6 address) can make two different tuples build the same key.
 */
export function counterKey(...parts: string[]): string {
  return parts.map((part) => encodeURIComponent(part)).join(':');
}

/** Better Auth's `rateLimit.customStorage`: one atomic step per request. */
export function betterAuthStorage(store: RateLimitStore) {
  return {
    async consume(key: string, rule: RateLimitRule) {
      const { count, retryAfter } = await store.hit(counterKey('ip', key), rule.window);
      return count <= rule.max ? { allowed: true, retryAfter: null } : { allowed: false, retryAfter };
    },
  };
}

export class DatabaseRateLimitStore implements RateLimitStore {
  constructor(private readonly db: Db) {}

  async hit(key: string, windowSeconds: number) {
    // One statement, so concurrent requests cannot both read a stale count.
    const expired = sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${windowSeconds})`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, count: 1, windowStart: sql`now()` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
        },
      })
      .returning({
        count: rateLimits.count,
        retryAfter: sql<number>`ceil(extract(epoch from ${rateLimits.windowStart} + make_interval(secs => ${windowSeconds}) - now()))::int`,
      });
    return { count: row!.count, retryAfter: Math.max(1, Number(row!.retryAfter)) };
  }

  async peek(key: string, windowSeconds: number) {
    const [row] = await this.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(
        sql`${rateLimits.key} = ${key} and ${rateLimits.windowStart} > now() - make_interval(secs => ${windowSeconds})`,
      );
    return row?.count ?? 0;
  }

  async reset(key: string) {
    await this.db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
  }
}

type RedisClient = ReturnType<typeof createClient>;

/** Where the server's rate-limit counters live in Redis. */
export const SERVER_RATE_LIMIT_PREFIX = 'ruthless:rate-limit:';

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix = SERVER_RATE_LIMIT_PREFIX,
  ) {}

  /**
   * Commands wait in the client's queue while it reconnects: a request would hang until Redis is
   * back. Refused at once instead, with a 503 that says to try again.
   */
  private ready(): void {
    if (!this.redis.isReady) throw new UnavailableError();
  }

  async hit(key: string, windowSeconds: number) {
    this.ready();
    const redisKey = this.prefix + key;
    const [count, , ttl] = (await this.redis
      .multi()
      .incr(redisKey)
      .pExpire(redisKey, windowSeconds * 1000, 'NX')
      .pTTL(redisKey)
      .exec()) as unknown as [number, number, number];
    return { count: Number(count), retryAfter: Math.max(1, Math.ceil(Number(ttl) / 1000)) };
  }

  async peek(key: string) {
    this.ready();
    const value = await this.redis.get(this.prefix + key);
    return value ? Number(value) : 0;
  }

  async reset(key: string) {
    this.ready();
    await this.redis.del(this.prefix + key);
  }
}
