/**
 * The typed map of every realtime (Socket.IO) event. Server and app import these so an
 * event cannot be sent or handled with the wrong name or payload. Later issues add the game,
 * metadata and chat events here.
 */

/** Sent by the server once a socket is connected. */
export interface WelcomePayload {
  serverTime: number;
}

export interface ServerToClientEvents {
  welcome: (payload: WelcomePayload) => void;
}

export interface ClientToServerEvents {
  /** Round-trip clock check: the server answers with its time. */
  ping: (ack: (serverTime: number) => void) => void;
}
