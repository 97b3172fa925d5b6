// The orchestrator's window into a server under test (fanout.bench.ts): memory after a full
// collection, CPU time, event-loop lag, and the commands start / last-seq / close, over IPC.
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface ServerMeasure {
  rss: number;
  heapUsed: number;
  external: number;
  /** Microseconds of CPU (user + system) since the process started. */
  cpuMicros: number;
  /** Wall clock (ms) of the measure. */
  at: number;
  /** Event-loop delay since the previous measure (ms). */
  lagP50: number;
  lagP99: number;
  lagMax: number;
}

export type ProbeRequest = {
  id: number;
  type: 'measure' | 'start' | 'last-seq' | 'close' | 'profile-start' | 'profile-stop';
  payload?: unknown;
};

const gc = (globalThis as { gc?: () => void }).gc;

export function serverProbe(handlers: {
  ready: Record<string, unknown>;
  start(payload: unknown): Promise<void> | void;
  lastSeq(): Promise<number> | number;
  close(): Promise<void> | void;
}): void {
  const inspector = new Session();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const reply = (id: number, value: unknown) => process.send!({ id, value });
  process.on('message', (request: ProbeRequest) => {
    void (async () => {
      switch (request.type) {
        case 'measure': {
          if ((request.payload as { gc?: boolean } | undefined)?.gc) {
            // Twice: the first collection can leave work the second one finishes.
            gc?.();
            gc?.();
          }
          const memory = process.memoryUsage();
          const cpu = process.cpuUsage();
          const measure: ServerMeasure = {
            rss: memory.rss,
            heapUsed: memory.heapUsed,
            external: memory.external,
            cpuMicros: cpu.user + cpu.system,
            at: Date.now(),
            lagP50: lag.percentile(50) / 1e6,
            lagP99: lag.percentile(99) / 1e6,
            lagMax: lag.max / 1e6,
          };
          lag.reset();
          return reply(request.id, measure);
        }
        case 'start':
          await handlers.start(request.payload);
          return reply(request.id, true);
        // A V8 CPU profile of the measured window only (payload of profile-stop: the file).
        case 'profile-start':
          inspector.connect();
          await inspector.post('Profiler.enable');
          await inspector.post('Profiler.start');
          return reply(request.id, true);
        case 'profile-stop': {
          const { profile } = await inspector.post('Profiler.stop');
          await writeFile(request.payload as string, JSON.stringify(profile));
          inspector.disconnect();
          return reply(request.id, true);
        }
        case 'last-seq':
          return reply(request.id, await handlers.lastSeq());
        case 'close':
          await handlers.close();
          reply(request.id, true);
          process.disconnect();
          return;
      }
    })();
  });
  process.send!({ ready: handlers.ready });
}
