// Benchmark: the server's CPU time for one broadcast to `--clients` WebSocket viewers of one room,
// Socket.IO through engine.io's usual path against the direct frames (realtime/direct-frames.ts)
// and against a plain `ws` loop sending the same JSON to each socket (fanout.bench.ts's baseline),
// interleaved in one process. CPU time (process.cpuUsage), not wall time, so a busy shared
// machine slows it down without skewing the comparison much. The viewers run in a child process.
//
//   npx tsx bench/broadcast-cpu.bench.ts [--clients 3000] [--broadcasts 60]
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Socket as EngineSocket } from 'engine.io';
import { Server } from 'socket.io';
import { sendBroadcastFramesDirectly } from '../src/realtime/direct-frames';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '3000' },
    broadcasts: { type: 'string', default: '60' },
  },
});
const CLIENTS = Number(args.clients);
const BROADCASTS = Number(args.broadcasts);
/** Long enough for every write of one broadcast to complete: their callbacks count too. */
const SETTLE_MS = 300;

const engineWrite = EngineSocket.prototype.write;
sendBroadcastFramesDirectly();
const directWrite = EngineSocket.prototype.write;

const http = createServer();
// As the app's (realtime/socket-server.ts): recovery stores every broadcast with its offset.
const io = new Server(http, {
  serveClient: false,
  connectionStateRecovery: { maxDisconnectionDuration: 120_000 },
});
io.on('connection', (socket) => void socket.join('game'));
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const { port } = http.address() as { port: number };
const viewers = fork(fileURLToPath(new URL('./fanout/raw-viewers.mjs', import.meta.url)), [
  `ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`,
  String(CLIENTS),
]);
await new Promise((resolve) => viewers.once('message', resolve));

// A ball message of the size the app sends.
const ball = (seq: number) => ({
  seq,
  at: Date.now(),
  event: { type: 'ball', at: Date.now(), number: 42, called: Array.from({ length: 30 }, (_, i) => i + 1) },
});
type Mode = 'engine.io' | 'direct' | 'ws';
const send: Record<Mode, (seq: number) => void> = {
  'engine.io': (seq) => {
    EngineSocket.prototype.write = engineWrite;
    io.to('game').emit('game:event', ball(seq));
  },
  direct: (seq) => {
    EngineSocket.prototype.write = directWrite;
    io.to('game').emit('game:event', ball(seq));
  },
  ws: (seq) => {
    const text = JSON.stringify(ball(seq));
    for (const socket of io.of('/').sockets.values()) {
      (socket.conn.transport as unknown as { socket: { send(data: string): void } }).socket.send(text);
    }
  },
};
const modes = Object.keys(send) as Mode[];
const cpuMs: Record<Mode, number[]> = { 'engine.io': [], direct: [], ws: [] };
const userMs: Record<Mode, number[]> = { 'engine.io': [], direct: [], ws: [] };
for (let i = 0; i < BROADCASTS; i++) {
  for (let m = 0; m < modes.length; m++) {
    const mode = modes[(i + m) % modes.length]!;
    const before = process.cpuUsage();
    send[mode](i);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const used = process.cpuUsage(before);
    cpuMs[mode].push((used.user + used.system) / 1000);
    userMs[mode].push(used.user / 1000);
  }
}
EngineSocket.prototype.write = engineWrite;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
viewers.send('count');
const { messages } = (await new Promise((resolve) => viewers.once('message', resolve))) as {
  messages: number;
};
for (const mode of modes) {
  console.log(
    JSON.stringify({
      name: 'broadcast-cpu',
      target: mode,
      clients: CLIENTS,
      unit: 'ms CPU per broadcast',
      value: Number(median(cpuMs[mode]).toFixed(1)),
      userMs: Number(median(userMs[mode]).toFixed(1)),
    }),
  );
}
console.log(
  JSON.stringify({
    name: 'broadcast-cpu-vs-ws',
    clients: CLIENTS,
    engineIo: Number((median(cpuMs['engine.io']) / median(cpuMs.ws)).toFixed(2)),
    direct: Number((median(cpuMs.direct) / median(cpuMs.ws)).toFixed(2)),
    delivered: messages === CLIENTS * BROADCASTS * modes.length,
  }),
);
viewers.kill();
io.close();
