// Zod-free, so the app's socket module imports it without the schemas.

/**
 * How a client reconnects after a lost connection: the first try after 250-750 ms (Socket.IO's
 * default is 500-1500), backing off to 5 s. A process restarting in a deploy closes its sockets on
 * purpose and another takes them at once: a phone should not miss more than a ball or two.
 * The jitter spreads thousands of phones over the window.
 */
export const SOCKET_RECONNECTION = {
  reconnectionDelay: 500,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
} as const;

/**
 * `server:moving`: a process about to stop (a rolling restart) tells its phones, then closes
 * their connections. Each phone reconnects at a random moment within `withinMs` (to another
 * process, which recovers what it missed) rather than after the 250-750 ms of a lost connection:
 * the process sizes the window to how many phones it holds, so the others take them at a rate
 * they can serve.
 */
export interface ServerMovingHint {
  withinMs: number;
}

/** The socket.io-client calls the hint needs (a structural type: this module imports no client). */
interface MovableSocket {
  on(event: 'server:moving', listener: (hint: ServerMovingHint) => void): unknown;
  io: {
    on(event: 'reconnect', listener: () => void): unknown;
    reconnectionDelay(ms: number): unknown;
    randomizationFactor(factor: number): unknown;
  };
}

/** Follows a stopping process's hint; the next reconnection is back to the usual settings. */
export function reconnectPromptlyWhenServerMoves(socket: MovableSocket): void {
  socket.on('server:moving', ({ withinMs }) => {
    const window = Number.isFinite(withinMs) ? Math.min(Math.max(withinMs, 0), 10_000) : 0;
    socket.io.reconnectionDelay(Math.random() * window);
    socket.io.randomizationFactor(0);
  });
  socket.io.on('reconnect', () => {
    socket.io.reconnectionDelay(SOCKET_RECONNECTION.reconnectionDelay);
    socket.io.randomizationFactor(SOCKET_RECONNECTION.randomizationFactor);
  });
}
