/** A token bucket: `burst` events at once, refilled at `perSecond`. */
export class TokenBucket {
  private tokens: number;
  private updatedAt = Date.now();

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
  ) {
    this.tokens = burst;
  }

  /** Takes one token; false when none is left. */
  take(now = Date.now()): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.updatedAt) / 1000) * this.perSecond);
    this.updatedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** True once the bucket is full again (nothing to remember). */
  isFull(now = Date.now()): boolean {
    return this.tokens + ((now - this.updatedAt) / 1000) * this.perSecond >= this.burst;
  }
}

export interface EventLimit {
  burst: number;
  perSecond: number;
}

/** Buckets per key (a client address), forgotten once full so the map stays small. */
export class KeyedTokenBuckets {
  private readonly buckets = new Map<string, TokenBucket>();
  private sweptAt = Date.now();

  constructor(private readonly limit: EventLimit) {}

  take(key: string): boolean {
    const now = Date.now();
    if (now - this.sweptAt > 60_000) {
      this.sweptAt = now;
      for (const [name, bucket] of this.buckets) if (bucket.isFull(now)) this.buckets.delete(name);
    }
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = new TokenBucket(this.limit.burst, this.limit.perSecond)));
    return bucket.take(now);
  }
}
