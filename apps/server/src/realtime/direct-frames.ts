import { Socket as EngineSocket } from 'engine.io';

/** The parts of engine.io's socket and WebSocket transport the direct path reads (not all typed). */
interface EngineConnection {
  readyState: string;
  writeBuffer: unknown[];
  transport: {
    name: string;
    writable: boolean;
    perMessageDeflate?: unknown;
    socket?: { readyState: number; _sender?: { sendFrame?: (frame: Buffer[], cb?: () => void) => void } };
  };
}

type Write = (
  this: EngineConnection,
  data: unknown,
  options?: { wsPreEncodedFrame?: Buffer[] },
  callback?: unknown,
) => unknown;

const WEBSOCKET_OPEN = 1;
let installed = false;

/**
 * A broadcast writes its one pre-built frame straight to each idle WebSocket, skipping engine.io's
 * per-packet bookkeeping, most of a broadcast's cost (docs/performance.md, "Fan-out"). The bytes and
 * their order are engine.io's own: only a socket with nothing queued takes this path.
 * Installed by the door to the phones (phones.ts) only; test/realtime/phones.test.ts fails when an
 * upgrade of Socket.IO, engine.io or ws stops it being taken.
 */
export function sendBroadcastFramesDirectly(): void {
  if (installed) return;
  installed = true;
  const prototype = EngineSocket.prototype as unknown as { write: Write };
  const write = prototype.write;
  prototype.write = function (data, options, callback) {
    const frame = options?.wsPreEncodedFrame;
    if (
      frame !== undefined &&
      callback === undefined &&
      this.readyState === 'open' &&
      this.writeBuffer.length === 0
    ) {
      const transport = this.transport;
      const sender = transport.socket?._sender;
      if (
        transport.name === 'websocket' &&
        transport.writable &&
        !transport.perMessageDeflate &&
        transport.socket?.readyState === WEBSOCKET_OPEN &&
        typeof sender?.sendFrame === 'function'
      ) {
        sender.sendFrame(frame);
        return this;
      }
    }
    return write.call(this, data, options, callback);
  };
}
