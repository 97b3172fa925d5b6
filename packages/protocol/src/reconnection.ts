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
