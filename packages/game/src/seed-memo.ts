/**
 * A memo keyed by seed (and label) that forgets its oldest entry past `limit`. The engine's
 * derivations are pure functions of the seed, so a memo changes only their cost, never their
 * result; bounding it keeps a long-running server's memory flat however many games it has seen.
 */
export class SeedMemo<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly limit: number) {}

  /** The value for `key`, made by `make` on a miss. */
  get(key: string, make: () => V): V {
    let value = this.entries.get(key);
    if (value === undefined) {
      value = make();
      if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, value);
    }
    return value;
  }
}
