// The viewers of broadcast-cpu.bench.ts: `count` raw Engine.IO WebSocket connections to the
// default namespace that answer pings and read what they are sent (plain JavaScript: its CPU is
// not the server's). Tells the parent over IPC once all are connected, and on request how many
// messages they received.
import WebSocket from 'ws';

const [url, count] = [process.argv[2], Number(process.argv[3])];
let connected = 0;
let messages = 0;
for (let i = 0; i < count; i++) {
  const ws = new WebSocket(url);
  ws.on('message', (data) => {
    const frame = String(data);
    if (frame === '2') ws.send('3');
    else if (frame.startsWith('0{')) ws.send('40');
    else if (frame.startsWith('40')) {
      if (++connected === count) process.send('connected');
    } else messages++;
  });
  ws.on('error', (error) => console.error(`viewer: ${error.message}`));
  // A few at a time: the server's accept queue is not the thing measured.
  if (i % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
}
process.on('message', () => process.send({ messages }));
