// The chatters of the chat benchmarks, on a thread of their own so that their work is not the
// server's: ticket holders post to `POST /api/chat` as the app does, `perSecond` messages a second
// (by the clock, not by a drifting interval), turn about over `tokens`; with `localAddresses`, player
// i posts from address i of them, as a phone from its own (nginx in front of a cluster is sticky
// by address, so the posts spread over its processes). Messages: 'pause',
// 'resume', 'stop'; it posts its counts { sent, accepted, failed, firstFailure } as it goes, and
// once more after the last answer of a stop.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { base, tokens, gameUuid, roomUuid, perSecond, paused = false, localAddresses = [] } = workerData;
const agent = new http.Agent({ keepAlive: true });
const REQUEST_TIMEOUT_MS = 10_000;
const counts = { sent: 0, accepted: 0, failed: 0, firstFailure: null };
const inFlight = new Set();
let active = !paused;
let stopped = false;
/** The clock of the current active stretch: what was sent before it, and when it began. */
let stretch = { sentBefore: 0, since: Date.now() };

parentPort.on('message', (command) => {
  if (command === 'pause') active = false;
  if (command === 'resume' && !active) {
    active = true;
    stretch = { sentBefore: counts.sent, since: Date.now() };
  }
  if (command === 'stop') stopped = true;
});

/** One POST /api/chat from player `player`; resolves to its status. */
function post(player, body) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      `${base}/api/chat`,
      {
        method: 'POST',
        agent,
        localAddress: localAddresses.length ? localAddresses[player % localAddresses.length] : undefined,
        headers: {
          authorization: tokens[player],
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
        // Unanswered by then is a failure: a stop waits for no more than this.
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

function send() {
  const i = counts.sent++;
  const request = post(i % tokens.length, {
    gameUuid,
    roomUuid,
    playerName: '',
    chatContent: `Come on number ${i}!`,
  }).then(
    (status) => {
      if (status === 201) counts.accepted++;
      else {
        counts.failed++;
        counts.firstFailure ??= status;
      }
    },
    (error) => {
      counts.failed++;
      counts.firstFailure ??= String(error?.code ?? error?.cause?.code ?? error?.message ?? error);
    },
  );
  inFlight.add(request);
  void request.finally(() => inFlight.delete(request));
}

async function tick() {
  while (
    active &&
    !stopped &&
    counts.sent - stretch.sentBefore < ((Date.now() - stretch.since) / 1000) * perSecond
  )
    send();
  parentPort.postMessage(counts);
  if (!stopped) return setTimeout(tick, 10);
  await Promise.allSettled([...inFlight]);
  agent.destroy();
  parentPort.postMessage(counts);
  parentPort.close();
}
void tick();
