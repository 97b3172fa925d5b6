/**
 * Calls that arrive while earlier ones of the same key are running go together in the next
 * group: one database round trip (and for writes one commit) answers the whole group. Alone, a
 * call runs on the next turn by itself; in a rush, groups grow with the wait, so the database
 * does less per call the busier it is (group commit). Each caller gets its own answer: `run`
 * answers a group's inputs in order, or fails the whole group.
 */
export class GroupedCalls<Input, Output> {
  private readonly queues = new Map<string, Queue<Input, Output>>();

  constructor(
    private readonly run: (key: string, inputs: Input[]) => Promise<Output[]>,
    private readonly limits: {
      maxGroup: number;
      inFlight: number;
      /** How long the first call of an idle key waits for others to join it (next turn: 0). */
      gatherMs?: number;
    },
  ) {}

  call(key: string, input: Input): Promise<Output> {
    let queue = this.queues.get(key);
    if (!queue) {
      queue = { waiting: [], running: 0, scheduled: false };
      this.queues.set(key, queue);
    }
    const answer = new Promise<Output>((resolve, reject) => queue.waiting.push({ input, resolve, reject }));
    if (!queue.scheduled && queue.running < this.limits.inFlight) {
      // The rest of this turn's calls (or of the gathering time) join the group.
      queue.scheduled = true;
      const start = () => this.start(key, queue);
      if (this.limits.gatherMs) setTimeout(start, this.limits.gatherMs);
      else setImmediate(start);
    }
    return answer;
  }

  private start(key: string, queue: Queue<Input, Output>): void {
    queue.scheduled = false;
    while (queue.waiting.length > 0 && queue.running < this.limits.inFlight) {
      const group = queue.waiting.splice(0, this.limits.maxGroup);
      queue.running++;
      this.run(
        key,
        group.map((call) => call.input),
      )
        .then(
          (outputs) => group.forEach((call, i) => call.resolve(outputs[i]!)),
          (error: unknown) => group.forEach((call) => call.reject(error)),
        )
        .finally(() => {
          queue.running--;
          if (queue.waiting.length > 0) this.start(key, queue);
          else if (queue.running === 0 && !queue.scheduled) this.queues.delete(key);
        });
    }
  }
}

interface Queue<Input, Output> {
  waiting: { input: Input; resolve: (output: Output) => void; reject: (error: unknown) => void }[];
  running: number;
  /** A start is due on the next turn. */
  scheduled: boolean;
}
