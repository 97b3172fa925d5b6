import { eq } from 'drizzle-orm';
import { CHAT_MUTED_MESSAGE, type ChatMessage } from '@ruthless/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_BATCH_MAX } from '../../src/chat/chat-sample';
import { chatMessages } from '../../src/db/schema';
import { clusterUnavailable, postFrom, TestCluster } from '../support/cluster';
import { api, Viewer } from '../support/live';

// docs/chat.md, Delivery: the chat of a show whose viewers and senders are spread over the
// processes of `npm run cluster` (nginx, PostgreSQL, Redis). One batcher per game, on its runner.
const unavailable = clusterUnavailable();
if (unavailable) console.warn(`cluster chat tests skipped: ${unavailable}`);

const VIEWERS = 12;
// nginx is sticky by address: viewers and senders from many addresses spread over the processes.
const viewerAddress = (i: number) => `127.0.4.${i + 1}`;
const senderAddress = (i: number) => `127.0.5.${i + 1}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Frame {
  at: number;
  messages: ChatMessage[];
}

/** A viewer that keeps every chat frame and deletion it is sent. */
async function chatViewer(cluster: TestCluster, gameId: string, i: number) {
  const viewer = await Viewer.join(cluster.url, null, gameId, {
    localAddress: viewerAddress(i),
    reconnectionDelay: 200,
    reconnectionDelayMax: 500,
  } as object);
  const frames: Frame[] = [];
  const deleted: string[] = [];
  viewer.socket.on('chat:messages', ({ messages }) => frames.push({ at: Date.now(), messages }));
  viewer.socket.on('chat:deleted', ({ messageUuids }) => deleted.push(...messageUuids));
  const seqs = () => frames.flatMap((frame) => frame.messages.map((message) => message.seq));
  return { viewer, frames, deleted, seqs };
}
type ChatViewer = Awaited<ReturnType<typeof chatViewer>>;

/** The most frames that reached the viewer within any one second. */
function framesInASecond(frames: Frame[]): number {
  let most = 0;
  for (const [i, frame] of frames.entries())
    most = Math.max(most, frames.slice(i).filter((later) => later.at < frame.at + 1000).length);
  return most;
}

/** Frames a second from a viewer's first frame to its last. */
function framesPerSecond(frames: Frame[]): number {
  return frames.length < 2 ? 0 : ((frames.length - 1) * 1000) / (frames.at(-1)!.at - frames[0]!.at);
}

/** A show in its green room, its players holding tickets, watched by VIEWERS spectators. */
async function showInGreenRoom(cluster: TestCluster, senders: number) {
  const players = await cluster.players(senders, 'Chatter', { registered: true });
  const [host] = await cluster.players(1, 'Host', { host: true });
  const { gameId, roomId } = await cluster.game({
    startsInMs: 10 * 60_000,
    maxTickets: senders + 3, // and three for the moderation test
    timings: { greenRoomMs: 30 * 60_000 },
  });
  const claims = await Promise.all(
    players.map((player, i) =>
      postFrom(
        senderAddress(i),
        `${cluster.url}/api/claim-ticket`,
        { authorization: player.token },
        { gameUuid: gameId, roomUuid: roomId },
      ),
    ),
  );
  expect(claims.map((claim) => claim.status)).toEqual(players.map(() => 201));
  const viewers: ChatViewer[] = [];
  for (let i = 0; i < VIEWERS; i++) viewers.push(await chatViewer(cluster, gameId, i));
  const first = viewers[0]!.viewer;
  if (first.snapshot?.view.stage !== 'green-room')
    await first.waitFor((message) => message.event.type === 'green-room-opened', 15_000);
  const say = (i: number, token: string, chatContent: string, url = cluster.url) =>
    postFrom(
      senderAddress(i),
      `${url}/api/chat`,
      { authorization: token },
      { gameUuid: gameId, roomUuid: roomId, chatContent },
    )
      .then((response) => ({
        status: response.status,
        message:
          response.status === 201
            ? (JSON.parse(response.body) as { message: ChatMessage }).message
            : undefined,
      }))
      .catch(() => ({ status: 0, message: undefined }));
  return { players, host: host!, gameId, roomId, viewers, say };
}

/** Resolves once `check` holds, polling what the viewers were sent (or fails after `ms`). */
async function until(check: () => boolean, ms = 20_000) {
  await expect.poll(check, { timeout: ms, interval: 50 }).toBe(true);
}

describe.skipIf(unavailable)(
  `the chat of a show behind nginx${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let cluster: TestCluster | undefined;
    const opened: Viewer[] = [];
    afterEach(async () => {
      for (const viewer of opened.splice(0)) viewer.close();
      await cluster?.stop();
      cluster = undefined;
    });

    /** A viewer's frames a second during the flood, the worst viewer's, by number of processes. */
    const frameRates = new Map<number, number>();

    for (const processes of [1, 2]) {
      it(`sends one batch stream to every viewer on ${processes} process${processes > 1 ? 'es' : ''}: at most 2 frames a second, a fair sample of a flood, every message stored`, async () => {
        cluster = await TestCluster.start(processes);
        const SENDERS = 20;
        const show = await showInGreenRoom(cluster, SENDERS);
        opened.push(...show.viewers.map((v) => v.viewer));

        // A flood, 40 messages a second, twice what is shown: 20 players send the 5 messages
        // allowed in 10 s, 500 ms apart, from every process; the host speaks three times in it.
        const sending: Promise<{ status: number; message: ChatMessage | undefined }>[] = [];
        for (let round = 0; round < 5; round++) {
          for (const [i, player] of show.players.entries())
            sending.push(show.say(i, player.token, `round ${round} from ${i}`));
          if (round >= 1 && round <= 3)
            sending.push(show.say(SENDERS, show.host.token, `host speaks ${round}`));
          await pause(500);
        }
        const flood = await Promise.all(sending);
        // Then the host's last word: shown (a host's always is) after every message of the flood.
        const sent = [...flood, await show.say(SENDERS, show.host.token, 'that is all')];
        expect(sent.map((result) => result.status)).toEqual(sent.map(() => 201));
        const acknowledged = sent.map((result) => result.message!);

        // Every message is stored, whatever was shown.
        const stored = await cluster.app.database.db
          .select({ seq: chatMessages.seq })
          .from(chatMessages)
          .where(eq(chatMessages.gameId, show.gameId));
        expect(stored.map((row) => row.seq).sort((a, b) => a - b)).toEqual(
          acknowledged.map((message) => message.seq).sort((a, b) => a - b),
        );

        // The last word reaches every viewer, on every process, after every batch before it.
        const hosts = acknowledged.filter((message) => message.fromHost).map((message) => message.seq);
        await until(() => show.viewers.every((v) => hostsShown(v, hosts)));
        // One source: every viewer got the very same batches, each message once, in seq order.
        const reference = show.viewers[0]!;
        const batches = (v: ChatViewer) => v.frames.map((frame) => frame.messages.map((m) => m.seq));
        for (const [i, v] of show.viewers.entries()) {
          expect(batches(v), `viewer ${i}'s batches`).toEqual(batches(reference));
          const seqs = v.seqs();
          expect(seqs, `viewer ${i}: each message once, in order`).toEqual(
            [...new Set(seqs)].sort((a, b) => a - b),
          );
        }
        // Too fast to read: a sample, at most CHAT_BATCH_MAX for each half-second of posts a batch
        // covers (about one: it is read every half-second) besides the host's, always shown.
        const shown = reference.frames.flatMap((frame) => frame.messages);
        expect(shown.length).toBeLessThan(acknowledged.length);
        // (A batch read late, on a loaded machine, covers a third half-second.)
        for (const frame of reference.frames)
          expect(frame.messages.filter((m) => !m.fromHost).length).toBeLessThanOrEqual(3 * CHAT_BATCH_MAX);
        expect(hostsShown(reference, hosts)).toBe(true);
        // Fair across senders: everyone who spoke was heard at least once.
        const heard = new Set(shown.filter((m) => !m.fromHost).map((m) => m.playerUuid));
        expect(heard.size).toBe(SENDERS);

        const busiest = Math.max(...show.viewers.map((v) => framesInASecond(v.frames)));
        const rate = Math.max(...show.viewers.map((v) => framesPerSecond(v.frames)));
        frameRates.set(processes, rate);
        console.log(
          `${processes} process(es): ${acknowledged.length} messages, ${shown.length} shown in ` +
            `${reference.frames.length} batches; a viewer got ${rate.toFixed(2)} frames a second, ` +
            `${busiest} in the busiest second`,
        );
        // Two batches a second; a third may land within a second with the network's jitter.
        expect(busiest).toBeLessThanOrEqual(3);
        expect(rate).toBeLessThanOrEqual(2.5);
        // As many with two processes as with one (each process batching its own posts: twice).
        if (processes > 1) expect(rate).toBeLessThan((frameRates.get(1) ?? 2) + 0.5);

        if (processes > 1) await moderationOnEveryProcess(cluster, show);
      }, 240_000);
    }

    it('sends every acknowledged message once the runner is killed: its successor sends what it had not', async () => {
      cluster = await TestCluster.start(2);
      const SENDERS = 30;
      const show = await showInGreenRoom(cluster, SENDERS);
      opened.push(...show.viewers.map((v) => v.viewer));
      const runner = await cluster.runnerOf(show.gameId);
      expect(runner).toBeDefined();

      // Ten messages a second (under the cap: every one is shown), for 12 s; the runner is
      // killed after 3 s, so its successor takes over mid-chat (within 3.5 s).
      let killedAt = 0;
      const sending: Promise<{ status: number; message: ChatMessage | undefined }>[] = [];
      for (let k = 0; k < 120; k++) {
        const i = k % SENDERS;
        sending.push(show.say(i, show.players[i]!.token, `message ${k}`));
        if (k === 30) {
          killedAt = Date.now();
          process.kill(runner!.pid, 'SIGKILL');
        }
        await pause(100);
      }
      const sent = await Promise.all(sending);
      const acknowledged = sent.filter((result) => result.status === 201).map((result) => result.message!);
      // Only the killed process's requests in flight may go unanswered (nginx's 502).
      expect(sent.filter((result) => ![201, 502, 0].includes(result.status))).toEqual([]);
      expect(acknowledged.length).toBeGreaterThan(100);
      const successor = await cluster.runnerOf(show.gameId);
      expect(successor?.pid).not.toBe(runner!.pid);

      // The viewers of the surviving process never lost their connection: each gets every
      // acknowledged message, in order. A batch the killed runner sent just before it died may
      // come again from its successor (the app shows each seq once); nothing else twice.
      const survivors = show.viewers.filter((v) => v.viewer.drops.length === 0);
      expect(survivors.length).toBeGreaterThan(0);
      expect(survivors.length).toBeLessThan(VIEWERS);
      const wanted = acknowledged.map((message) => message.seq);
      await until(() => survivors.every((v) => wanted.every((seq) => v.seqs().includes(seq))), 30_000);
      for (const [i, v] of survivors.entries()) {
        const seqs = v.seqs();
        const firstArrivals = [...new Set(seqs)];
        expect(firstArrivals, `survivor ${i}: in order`).toEqual([...firstArrivals].sort((a, b) => a - b));
        const again = v.frames.filter((frame, f) =>
          frame.messages.some((m) =>
            v.frames.slice(0, f).some((before) => before.messages.some((b) => b.seq === m.seq)),
          ),
        );
        expect(again.length, `survivor ${i}: at most the last batch again`).toBeLessThanOrEqual(1);
        for (const frame of again) expect(frame.at).toBeGreaterThan(killedAt);
      }
      console.log(
        `runner ${runner!.pid} killed; ${acknowledged.length} messages acknowledged, all delivered to ` +
          `${survivors.length} surviving viewers by ${successor?.pid}`,
      );
    }, 240_000);
  },
);

function hostsShown(v: ChatViewer, hostSeqs: number[]): boolean {
  const seqs = v.seqs();
  return hostSeqs.every((seq) => seqs.includes(seq));
}

/**
 * A host's moderation on one process reaches the viewers of every process, and a message
 * deleted before the runner's batch read it never goes out.
 */
async function moderationOnEveryProcess(
  cluster: TestCluster,
  show: Awaited<ReturnType<typeof showInGreenRoom>>,
): Promise<void> {
  const [a, b] = [cluster.servers[0]!, cluster.servers[1]!];
  const [rude, muted, after] = await cluster.players(3, 'Moderated', { registered: true });
  for (const [i, player] of [rude!, muted!, after!].entries()) {
    const claim = await postFrom(
      senderAddress(100 + i),
      `${cluster.url}/api/claim-ticket`,
      { authorization: player.token },
      { gameUuid: show.gameId, roomUuid: show.roomId },
    );
    expect(claim.status).toBe(201);
  }
  const hostPath = `/api/host/games/${show.gameId}`;
  const seen = (v: ChatViewer, messageUuid: string) =>
    v.frames.some((frame) => frame.messages.some((m) => m.messageUuid === messageUuid));

  // Shown, then deleted on one process: gone from every viewer's screen, on both.
  const shownThenGone = (await show.say(100, rude!.token, 'shown then gone', b.url)).message!;
  await until(() => show.viewers.every((v) => seen(v, shownThenGone.messageUuid)));
  expect(
    (await api(a.url, 'DELETE', `${hostPath}/chat/${shownThenGone.messageUuid}`, show.host.token)).status,
  ).toBe(204);
  await until(() => show.viewers.every((v) => v.deleted.includes(shownThenGone.messageUuid)));

  // Sent to one process, deleted on the other before the runner's next batch: never shown.
  // Again until a deletion lands before the batch is read (a batch reads every half-second).
  let neverShown = false;
  for (let attempt = 1; attempt <= 4 && !neverShown; attempt++) {
    const doomed = (await show.say(100, rude!.token, `gone at once ${attempt}`, b.url)).message!;
    expect(
      (await api(a.url, 'DELETE', `${hostPath}/chat/${doomed.messageUuid}`, show.host.token)).status,
    ).toBe(204);
    const later = (await show.say(102, after!.token, `after ${attempt}`, b.url)).message!;
    await until(() =>
      show.viewers.every((v) => seen(v, later.messageUuid) && v.deleted.includes(doomed.messageUuid)),
    );
    neverShown = show.viewers.every((v) => !seen(v, doomed.messageUuid));
  }
  expect(neverShown, 'a message deleted while it waited for its batch was shown every time').toBe(true);

  // Muted on one process: refused on the other at once.
  expect((await api(a.url, 'PUT', `${hostPath}/mutes/${muted!.id}`, show.host.token)).status).toBe(204);
  const refused = await postFrom(
    senderAddress(101),
    `${b.url}/api/chat`,
    { authorization: muted!.token },
    { gameUuid: show.gameId, roomUuid: show.roomId, chatContent: 'can I speak?' },
  );
  expect(refused.status).toBe(403);
  expect((JSON.parse(refused.body) as { message: string }).message).toBe(CHAT_MUTED_MESSAGE);
}
