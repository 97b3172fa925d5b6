import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { GameResults, HostGame } from '@ruthless/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetCodeIn, startSmtpServer, type TestSmtpServer } from '../../../../test/support/smtp-server';
import { clusterUnavailable, TestCluster } from '../support/cluster';
import { api, provenHost, Viewer, withDetails } from '../support/live';
import { Browser, registeredPlayer } from '../support/http';
import { createScratchDatabase, freePort, waitForHealth } from '../support/test-app';

// The server that ships is the one tested: the compiled build (apps/server/dist, what `npm start`
// runs) in every configuration the README offers, each playing a short show end to end. The
// configurations that need PostgreSQL and Redis run in CI's second pass, which sets both URLs.
const root = path.resolve(import.meta.dirname, '../../../..');
// One host per configuration and run: reset requests are limited per address, and the Redis
// that counts them outlives a run.
const hostEmail = () => `host-${randomUUID().slice(0, 8)}@compiled.test`;
const FAST = {
  greenRoomMs: 1500,
  reelsMs: 100,
  luckyFateMs: 100,
  ballIntervalMs: 150,
  ruthlessMs: 500,
  revealMs: 100,
};

let smtp: TestSmtpServer;
beforeAll(async () => {
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  smtp = await startSmtpServer();
}, 120_000);
afterAll(async () => {
  await smtp?.close();
});

/** One `node apps/server/dist/main.js`, as `npm start` runs it, with everything it logs. */
async function startCompiled(host: string, env: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-compiled-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DEMO: 'false',
      // Everything a process says, so a test can tell that no secret is among it.
      LOG_LEVEL: 'trace',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      ADMIN_EMAILS: host,
      SMTP_URL: smtp.url,
      ...env,
    },
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const health = await waitForHealth(url, 60_000).catch((error: Error) => {
    throw new Error(`${error.message}\n${output}`);
  });
  expect(health.status, output).toBe(200);
  return {
    url,
    output: () => output,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A short show through the server at `url`: the host proves their mailbox over SMTP and schedules
 * a game, a player signs up and claims a ticket, watches the draw on a socket, loses the
 * connection mid-draw and comes back, and sees every ball once to the end; then unsubscribes from
 * reminders with the mail's links. The secrets mailed on the way are returned.
 */
async function playShortShow(
  url: string,
  hostEmail: string,
  { reminders = true } = {},
): Promise<{ secrets: string[] }> {
  const mailsBefore = smtp.mails.length;
  let resetCode = '';
  const host = await provenHost(url, hostEmail, async () => {
    const mail = smtp.mails.slice(mailsBefore).find((candidate) => candidate.to.includes(hostEmail));
    if (!mail) return undefined;
    resetCode = resetCodeIn(mail.decoded, url);
    // The host opens the link, as a browser does, and the app checks the code before using it.
    await fetch(`${url}/forgot-password?oobCode=${resetCode}`);
    const check = await api(url, 'POST', '/api/auth/reset-code', null, { code: resetCode });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    // An app still cached from before asks with the code in the address: not logged either.
    await fetch(`${url}/api/auth/reset-code/${resetCode}`);
    return resetCode;
  });
  const room = await api(url, 'POST', '/api/host/rooms', host.token, {
    name: `Compiled ${Date.now() % 100_000}`,
    theme: 'GOLD',
    roomImage: '/rooms/ruby-rush.svg',
  });
  expect(room.status, JSON.stringify(room.body)).toBe(201);
  const playerEmail = `player-${Date.now()}@compiled.test`;
  const player = await registeredPlayer(url, playerEmail);
  await withDetails(url, player.token, `Show${Date.now() % 10_000}`, 'share');
  // The player's invite link, opened by a friend (the page and its card) who signs up through it:
  // the code is a secret in an address too.
  const invite = await api(url, 'GET', '/api/profile/invite', player.token);
  expect(invite.status, JSON.stringify(invite.body)).toBe(200);
  const invitePath = new URL(invite.body.url as string).pathname;
  const inviteCode = invitePath.split('/').at(-1)!;
  const friend = new Browser(url);
  expect((await friend.get(invitePath)).status).toBe(200);
  expect((await friend.get(`${invitePath}/card.png`)).status).toBe(200);
  const friendSignUp = await friend.post('/api/auth/sign-up/email', {
    email: `friend-${Date.now()}@compiled.test`,
    password: 'secret-pass-1',
    name: 'Fay Friend',
  });
  expect(friendSignUp.status).toBe(200);
  expect((await api(url, 'GET', '/api/profile/invite', player.token)).body.friendsJoined).toBe(1);
  // The show starts 3 s after it is made: made once the player is ready, so that a loaded machine's
  // slow sign-ups cannot let it start with no ticket claimed (cancelled).
  const created = await api(
    url,
    'POST',
    `/api/host/rooms/${room.body.roomUuid as string}/games`,
    host.token,
    {
      gameStartTime: new Date(Date.now() + 3000).toISOString(),
      maxTickets: 10,
      prizeLuckyFateSelections: 'in-game',
      prizes: { oneLine: 100, twoLines: 200, fullHouse: 1000 },
      timings: FAST,
    },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const game = created.body as unknown as HostGame;
  const claim = await api(url, 'POST', '/api/claim-ticket', player.token, {
    gameUuid: game.gameUuid,
    roomUuid: game.roomUuid,
  });
  expect(claim.status, JSON.stringify(claim.body)).toBe(201);
  // A later show whose reminder mail brings the player an unsubscribe token (mailed within a
  // sweep, while this show plays).
  const later = !reminders
    ? undefined
    : await api(url, 'POST', `/api/host/rooms/${room.body.roomUuid as string}/games`, host.token, {
        gameStartTime: new Date(Date.now() + 5 * 60_000).toISOString(),
        maxTickets: 10,
        prizeLuckyFateSelections: 'in-game',
        prizes: { oneLine: 100, twoLines: 200, fullHouse: 1000 },
      });
  if (later) expect(later.status, JSON.stringify(later.body)).toBe(201);

  const mailsBeforeReminder = smtp.mails.length;
  if (later) {
    const remind = await api(url, 'POST', '/api/safety/reminders', player.token, {
      gameUuid: (later.body as unknown as HostGame).gameUuid,
    });
    expect(remind.status, JSON.stringify(remind.body)).toBe(201);
  }

  const phone = await Viewer.join(url, player.token, game.gameUuid);
  try {
    expect(phone.snapshot!.you!.ticket).toHaveLength(3);
    await phone.waitFor(() => phone.balls.length >= 3, 30_000);
    // A lost connection mid-draw: the phone comes back and catches up from its last seq.
    phone.socket.disconnect();
    const seenBefore = phone.balls.length;
    phone.socket.connect();
    await phone.rejoin(game.gameUuid);
    await phone.waitFor((message) => message.event.type === 'game-ended', 60_000);
    const results = (await api(url, 'GET', `/api/games/${game.gameUuid}/results`, null))
      .body as unknown as GameResults;
    expect(phone.balls.length).toBeGreaterThan(seenBefore);
    expect(phone.balls).toEqual(results.ballSequence);
    const seqs = phone.messages.map((message) => message.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, k) => seqs[0]! + k));
    expect(results.winners.map((winner) => winner.prize)).toContain('full-house');
  } finally {
    phone.close();
  }

  if (!later) return { secrets: [resetCode, inviteCode] };
  // The reminder's unsubscribe links, used every way the mail offers: the page (whose app posts
  // the token in the body) and the mail client's one-click POST to the address in the mail.
  const reminder = await smtp.waitForMail(playerEmail, mailsBeforeReminder, 30_000);
  const unsubscribeToken = new RegExp(`${url}/unsubscribe\\?token=([\\w.-]+)`).exec(reminder.decoded)?.[1];
  expect(unsubscribeToken, reminder.decoded).toBeDefined();
  await fetch(`${url}/unsubscribe?token=${unsubscribeToken}`);
  const unsubscribed = await api(url, 'POST', '/api/safety/unsubscribe', null, { token: unsubscribeToken });
  expect(unsubscribed.status, JSON.stringify(unsubscribed.body)).toBe(200);
  const oneClick = await fetch(`${url}/api/safety/unsubscribe?token=${unsubscribeToken}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status).toBe(200);
  return { secrets: [resetCode, inviteCode, unsubscribeToken!] };
}

const postgres = process.env.DATABASE_URL;
const redis = process.env.REDIS_URL;
const single = [
  { name: 'on the embedded PGlite', needs: !postgres ? undefined : 'runs in the pass without DATABASE_URL' },
  { name: 'on PostgreSQL', needs: postgres ? undefined : 'needs DATABASE_URL' },
  {
    name: 'on PostgreSQL + Redis',
    needs: postgres && redis ? undefined : 'needs DATABASE_URL and REDIS_URL',
  },
];

describe('the compiled server', () => {
  for (const configuration of single) {
    it.skipIf(configuration.needs)(
      `plays a short show ${configuration.name}${configuration.needs ? ` (skipped: ${configuration.needs})` : ''}`,
      async () => {
        const database = configuration.name.includes('PostgreSQL')
          ? await createScratchDatabase(postgres!)
          : undefined;
        const host = hostEmail();
        const server = await startCompiled(host, {
          ...(database ? { DATABASE_URL: database.url } : {}),
          ...(configuration.name.includes('Redis')
            ? { REDIS_URL: redis!, REDIS_PREFIX: `test:compiled:${process.pid}:` }
            : {}),
        });
        try {
          const health = (await (await fetch(`${server.url}/health`)).json()) as Record<string, string>;
          expect(health.databaseKind).toBe(database ? 'postgres' : 'pglite');
          if (configuration.name.includes('Redis')) expect(health.redis).toBe('up');
          const { secrets } = await playShortShow(server.url, host);
          // Every secret the product mailed or linked (the reset code, the invite code, the
          // unsubscribe token) went into no line the process logged, however its links were used.
          for (const secret of secrets) {
            expect(secret.length).toBeGreaterThan(10);
            expect(server.output()).not.toContain(secret);
          }
        } finally {
          await server.stop();
          await database?.drop();
        }
      },
      180_000,
    );
  }

  const unavailable = clusterUnavailable();
  it.skipIf(unavailable)(
    `plays a short show on two processes behind nginx, which never shows the dev mailbox${unavailable ? ` (skipped: ${unavailable})` : ''}`,
    async () => {
      const host = hostEmail();
      const cluster = await TestCluster.start(2, { ADMIN_EMAILS: host, SMTP_URL: smtp.url });
      try {
        // nginx connects from this machine on behalf of anyone: no dev mailbox through it.
        expect((await fetch(`${cluster.url}/dev/mailbox`)).status).toBe(404);
        // The log scan is the single processes' (above): no reminder here.
        await playShortShow(cluster.url, host, { reminders: false });
      } finally {
        await cluster.stop();
      }
    },
    120_000,
  );
});
