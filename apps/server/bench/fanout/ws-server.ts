// The baseline of fanout.bench.ts: the least a server can do to fan a ball out, a plain `ws`
// server that broadcasts one JSON text (the same message the app sends) to every open socket.
import { createServer } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { serverProbe } from './probe';

const BALL_INTERVAL_MS = Number(process.env.BALL_INTERVAL_MS ?? 2000);

const server = createServer((_request, response) => response.writeHead(404).end());
const wss = new WebSocketServer({ server, perMessageDeflate: false });
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

let seq = 0;
let timer: NodeJS.Timeout | undefined;

serverProbe({
  ready: { url: `ws://127.0.0.1:${port}`, gameUuid: 'baseline', database: 'none' },
  // The payload is a ball message the app sent in this run; only seq and the times change.
  start: (sample) => {
    const message = sample as { seq: number; at: number; event: { at: number } };
    timer = setInterval(() => {
      const at = Date.now();
      seq++;
      const text = JSON.stringify({ ...message, seq, at, event: { ...message.event, at } });
      for (const socket of wss.clients as Set<WebSocket>) socket.send(text);
    }, BALL_INTERVAL_MS);
  },
  lastSeq: () => seq,
  close: async () => {
    clearInterval(timer);
    for (const socket of wss.clients) socket.terminate();
    await new Promise((resolve) => wss.close(resolve));
    await new Promise((resolve) => server.close(resolve));
  },
});
