// The chatters of the chat benchmarks, on a thread of their own so that their work is not the
// server's: ticket holders post to `POST /api/chat` as the app does, `perSecond` messages a second
// (by the clock, not by a drifting interval), turn about over `tokens`. Messages: 'pause',
// 'resume', 'stop'; it posts its counts { sent, accepted, failed, firstFailure } as it goes, and
// once more after the last answer of a stop.
import { parentPort, workerData } from 'node:worker_threads';

const { base, tokens, gameUuid, roomUuid, perSecond, paused = false } = workerData;
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

function send() {
  const i = counts.sent++;
  const request = fetch(`${base}/api/chat`, {
    method: 'POST',
    headers: { authorization: tokens[i % tokens.length], 'content-type': 'application/json' },
    body: JSON.stringify({ gameUuid, roomUuid, playerName: '', chatContent: `Come on number ${i}!` }),
    // Unanswered by then is a failure: a stop waits for no more than this.
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  }).then(
    (response) => {
      if (response.status === 201) counts.accepted++;
      else {
        counts.failed++;
        counts.firstFailure ??= response.status;
      }
    },
    (error) => {
      counts.failed++;
      counts.firstFailure ??= String(error?.cause?.code ?? error?.cause?.message ?? error?.message ?? error);
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
  parentPort.postMessage(counts);
  parentPort.close();
}
void tick();
