import type { ServerToClientEvents } from '@ruthless/protocol';
import type { AppSocket } from './socket';

/** The longest a background listener waits for an idle moment before its socket opens anyway. */
const IDLE_WAIT_MS = 2000;

/** Resolves in an idle moment of the main thread, or after IDLE_WAIT_MS. */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MS });
    else setTimeout(resolve);
  });
}

/**
 * The app's socket (lib/socket.ts) for screens that only listen in the background, like the
 * lobby's live counts: Socket.IO's client loads after the screen's first paint rather than with
 * it (docs/web-quality.md, JavaScript per route), and connects in an idle moment rather than
 * among the screen's first renders (making the client and its WebSocket is a 30-40 ms task on a
 * laptop). A push of those first moments (a count, a cancellation) comes with the rooms' next
 * refetch.
 */
export function loadSocket(): Promise<AppSocket> {
  return whenIdle()
    .then(() => import('./socket'))
    .then(({ getSocket }) => getSocket());
}

/** Listens to one server event until the returned stop is called (an effect's cleanup). */
export function listenOnDemand<Event extends keyof ServerToClientEvents>(
  event: Event,
  listener: ServerToClientEvents[Event],
): () => void {
  // Socket.IO's overloads cannot follow a generic event name; the protocol's map types both ends.
  type Subscribe = (event: Event, listener: ServerToClientEvents[Event]) => unknown;
  let stop: Subscribe | undefined;
  let stopped = false;
  void loadSocket().then((socket) => {
    if (stopped) return;
    (socket.on.bind(socket) as Subscribe)(event, listener);
    stop = socket.off.bind(socket) as Subscribe;
  });
  return () => {
    stopped = true;
    stop?.(event, listener);
  };
}
