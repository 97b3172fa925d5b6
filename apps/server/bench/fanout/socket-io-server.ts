// The second baseline of fanout.bench.ts: bare Socket.IO (the app's version, default options)
// doing the least the app's viewers ask of it: a `game:join` puts the socket in the game's room and
// answers with the app's own join answer of this run (JOIN_ANSWER, or a small one) and the balls
// sent since the join's `lastSeq` (kept in memory), and every ball goes to the room as the app's
// `game:event`. No identity, no database, no limits. Also the baseline of scale.bench.ts's storm.
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { serverProbe } from './probe';

const BALL_INTERVAL_MS = Number(process.env.BALL_INTERVAL_MS ?? 2000);
const ROOM = 'game:baseline';

const joinAnswer = process.env.JOIN_ANSWER
  ? (JSON.parse(process.env.JOIN_ANSWER) as { snapshot: { seq: number } })
  : { ok: true, snapshot: { seq: 0 }, missed: [] };

const server = createServer((_request, response) => response.writeHead(404).end());
const io = new Server(server, { serveClient: false });
let seq = 0;
/** Every ball sent, by seq - 1: what a returning viewer missed is a slice of it. */
const sent: { seq: number }[] = [];
io.on('connection', (socket) => {
  socket.on('game:join', (request: { lastSeq?: unknown }, ack: (answer: unknown) => void) => {
    void socket.join(ROOM);
    const lastSeq = typeof request?.lastSeq === 'number' ? request.lastSeq : seq;
    ack({ ...joinAnswer, snapshot: { ...joinAnswer.snapshot, seq }, missed: sent.slice(lastSeq) });
  });
});
// The same queue of unaccepted connections as the app (main.ts): a storm compares like with like.
await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

let timer: NodeJS.Timeout | undefined;
serverProbe({
  ready: { url: `http://127.0.0.1:${port}`, gameUuid: 'baseline', database: 'none' },
  // The payload is a ball message the app sent in this run; only seq and the times change.
  start: (sample) => {
    const message = sample as { seq: number; at: number; event: { at: number } };
    timer = setInterval(() => {
      const at = Date.now();
      seq++;
      const ball = { ...message, seq, at, event: { ...message.event, at } };
      sent.push(ball);
      io.to(ROOM).emit('game:event', ball);
    }, BALL_INTERVAL_MS);
  },
  lastSeq: () => seq,
  close: async () => {
    clearInterval(timer);
    io.disconnectSockets(true);
    await new Promise((resolve) => io.close(resolve));
  },
});
