import { GroupedCalls } from './grouped-calls';

/**
 * Reads of one key share one read: those asked for within `gatherMs` of the first, and those
 * asked for while a read of the key runs, which share the next one, begun when it ends. Thousands
 * of viewers joining one game at once (the green room's doors, a storm of rejoins) then read the
 * game, its missed events and its chat once per few milliseconds, not once per viewer. The wait
 * is what makes the sharing: the embedded database reads on the server's own thread, so no join
 * arrives while a read runs. Every caller is already in the game's room when the read it gets
 * begins, so no event can fall between its snapshot and its pushes.
 */
export class SharedReads<Value> {
  private readonly reads: GroupedCalls<null, Value>;

  constructor(read: (key: string) => Promise<Value>, { gatherMs = 10 }: { gatherMs?: number } = {}) {
    this.reads = new GroupedCalls<null, Value>(
      async (key, callers) => {
        const value = await read(key);
        return callers.map(() => value);
      },
      { maxGroup: Number.POSITIVE_INFINITY, inFlight: 1, gatherMs },
    );
  }

  get(key: string): Promise<Value> {
    return this.reads.call(key, null);
  }
}
