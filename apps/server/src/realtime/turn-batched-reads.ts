/**
 * Reads of one key asked for in the same event-loop turn share one read, which begins on the next
 * turn. A storm of rejoins (thousands of viewers of one game coming back at once) then reads the
 * game, its missed events and its chat a few times instead of once per viewer. Beginning after
 * the turn keeps the join's promise: every caller is already in the game's room when the read it
 * gets begins, so no event can fall between its snapshot and its pushes. A caller that arrives
 * once the read has begun waits for the next one.
 */
export class TurnBatchedReads<Key, Value> {
  private readonly waiting = new Map<Key, Promise<Value>>();

  constructor(private readonly read: (key: Key) => Promise<Value>) {}

  get(key: Key): Promise<Value> {
    let shared = this.waiting.get(key);
    if (!shared) {
      shared = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        this.waiting.delete(key);
        return this.read(key);
      });
      this.waiting.set(key, shared);
    }
    return shared;
  }
}
