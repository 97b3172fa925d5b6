import type { ServerToClientEvents } from '@ruthless/protocol';
import type { AppSocket } from './socket';

/**
 * The app's socket (lib/socket.ts) for screens that only listen in the background, like the
 * lobby's live counts: Socket.IO's client loads after the screen's first paint rather than with
 * it (docs/web-quality.md, JavaScript per route).
 */
export function loadSocket(): Promise<AppSocket> {
  return import('./socket').then(({ getSocket }) => getSocket());
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
