// The load of claims.bench.ts and scale.bench.ts, in its own process: one POST /api/claim-ticket
// per token, sent on an even schedule over `withinSeconds` through `connections` keep-alive
// connections. A claim's latency counts from its scheduled time, so a queue in front of the server
// counts too. With `localAddresses`, the players' requests leave from those loopback addresses in
// turn (nginx in front of a cluster is sticky by address: so they spread over its processes).
import { readFileSync } from 'node:fs';
import http from 'node:http';

const { url, tokensFile, body, withinSeconds, connections, warmUrl, localAddresses } = JSON.parse(
  process.argv[2],
);
const tokens = readFileSync(tokensFile, 'utf8').split('\n').filter(Boolean);
/** Per address, its agent (the connections shared among them); player i uses address i. */
const sources = (localAddresses ?? [undefined]).map((localAddress, _, all) => ({
  localAddress,
  agent: new http.Agent({ keepAlive: true, maxSockets: Math.ceil(connections / all.length) }),
}));
const sourceOf = (i) => sources[i % sources.length];
const closeAgents = () => sources.forEach(({ agent }) => agent.destroy());
const payload = JSON.stringify(body);
const latencies = [];
const statuses = {};
let started;
let lastAnswer;

const claim = (i, scheduled) =>
  new Promise((resolve) => {
    const { agent, localAddress } = sourceOf(i);
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        localAddress,
        headers: {
          authorization: tokens[i],
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          const now = performance.now();
          lastAnswer = Math.max(lastAnswer, now);
          latencies.push(now - scheduled);
          statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
          resolve();
        });
      },
    );
    request.on('error', () => {
      statuses.error = (statuses.error ?? 0) + 1;
      resolve();
    });
    request.end(payload);
  });

// With `warmUrl` instead, the players only open the purchase page (an authenticated GET) before
// a rush, as players waiting for a show's doors to open do. Nothing is measured.
if (warmUrl) {
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < tokens.length) {
        const i = next++;
        const { agent, localAddress } = sourceOf(i);
        await new Promise((resolve, reject) =>
          http
            .get(warmUrl, { agent, localAddress, headers: { authorization: tokens[i] } }, (response) => {
              response.resume();
              response.on('end', resolve);
            })
            .on('error', reject),
        );
      }
    }),
  );
  closeAgents();
  process.exit(0);
}

const gap = (withinSeconds * 1000) / tokens.length;
started = performance.now();
lastAnswer = started;
const inFlight = [];
for (let i = 0; i < tokens.length; i++) {
  const scheduled = started + i * gap;
  const wait = scheduled - performance.now();
  if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
  inFlight.push(claim(i, scheduled));
}
await Promise.all(inFlight);
latencies.sort((a, b) => a - b);
const at = (q) =>
  Number(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1));
console.log(
  JSON.stringify({
    statuses,
    seconds: (lastAnswer - started) / 1000,
    p50: at(0.5),
    p99: at(0.99),
    max: at(1),
  }),
);
closeAgents();
