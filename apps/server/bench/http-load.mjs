// A closed-loop HTTP load process for the benchmarks: `connections` keep-alive connections,
// each sending the next GET as soon as the previous answer is read, for `seconds`. Plain
// JavaScript in its own process, so its CPU is not the server's. Prints one JSON result line.
import http from 'node:http';

const { url, seconds, connections, headers = {} } = JSON.parse(process.argv[2]);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
let errors = 0;
let bytes = 0;
const until = Date.now() + seconds * 1000;

const get = () =>
  new Promise((resolve) => {
    const start = performance.now();
    http
      .get(url, { agent, headers }, (response) => {
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () => {
          if (response.statusCode === 200) latencies.push(performance.now() - start);
          else errors++;
          resolve();
        });
      })
      .on('error', () => {
        errors++;
        resolve();
      });
  });

const started = performance.now();
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (Date.now() < until) await get();
  }),
);
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (q) =>
  Number((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN).toFixed(2));
console.log(
  JSON.stringify({
    requests: latencies.length,
    errors,
    perSecond: Math.round(latencies.length / elapsed),
    bytesPerAnswer: Math.round(bytes / Math.max(1, latencies.length + errors)),
    p50: at(0.5),
    p99: at(0.99),
  }),
);
agent.destroy();
