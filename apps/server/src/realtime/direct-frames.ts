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
 * A broadcast hands its one pre-built WebSocket frame (socket.io-adapter's `wsPreEncodedFrame`)
 * straight to each idle WebSocket's sender, skipping engine.io's per-socket packet bookkeeping
 * (packet object, write buffer, `packetCreate`/`flush`/`drain` events, send callbacks), which is
 * most of what a broadcast costs beyond the write itself (docs/performance.md, "Fan-out").
 *
 * It is the very frame engine.io's WebSocket transport would send, written to the same socket:
 * the bytes are the same, and the order too, since a socket takes the direct path only when
 * engine.io has nothing queued or in flight on it. Everything above the write is untouched: the
 * adapter stored the packet with its offset for connection state recovery (and, with Redis,
 * published it to the other processes) before its local delivery reaches here. Any other socket
 * (long-polling, upgrading, busy, closing) and every packet without a pre-built frame (plain
 * emits, acknowledgements, engine.io's own pings) take engine.io's usual path. Nothing of ours
 * listens to the per-packet events it skips. Installed by the door to the phones (phones.ts) only;
 * test/realtime/phones.test.ts fails when an upgrade of Socket.IO, engine.io or ws stops it being taken.
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
