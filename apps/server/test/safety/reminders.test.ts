import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR, ReminderMessage, type ShowReminder } from '@ruthless/protocol';
import { createMailer } from '../../src/mail/mailer';
import { MailRepository } from '../../src/mail/mail.repository';
import { AuthRepository } from '../../src/auth/auth.repository';
import { UnsubscribeTokens } from '../../src/safety/reminder-mails';
import { RemindersRepository } from '../../src/safety/reminders.repository';
import { RemindersService } from '../../src/safety/reminders.service';
import { resetCodeIn, startSmtpServer, type TestSmtpServer } from '../../../../test/support/smtp-server';
import { api, provenHost } from '../support/live';
import { claimTicket, playerWithDetails, scheduleGame, startShow, type Show } from '../support/show';

// Email reminders (docs/player-app.md, "Email reminders"): asked with Remind Me or for every
// show claimed, sent once 10 minutes before through the real SMTP test server however many
// services sweep the same database, a cancellation instead for a cancelled show, and a
// one-click unsubscribe with a signed token.

let smtp: TestSmtpServer;
let show: Show;
let base: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  show = await startShow({
    host: 'host@ruthless.test',
    room: { name: 'Remind <Room>', theme: 'RED', roomImage: '/rooms/gold-rush.svg' },
    env: { SMTP_URL: smtp.url },
    signInHost: async (server) => {
      const since = smtp.mails.length;
      return (
        await provenHost(server.url, 'host@ruthless.test', async () => {
          const mail = smtp.mails
            .slice(since)
            .find((candidate) => candidate.to.includes('host@ruthless.test'));
          return mail ? resetCodeIn(mail.decoded, server.url) : undefined;
        })
      ).token;
    },
    // The app's own sweep stays off: the test's services are the processes that race.
    sendReminders: false,
  });
  base = show.server.url;
});

afterAll(async () => {
  await show?.server.close();
  await smtp?.close();
});

/**
 * A reminders service as another process would run it: its own mailer, the same database
 * (and, when given, its own clock: the moment its sweeps run).
 */
function reminderProcess(clock?: () => Date) {
  const { db } = show.server.app.database;
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: 'Ruthless <shows@ruthless.test>',
    repository: new MailRepository(db),
  });
  const service = new RemindersService(
    new RemindersRepository(db, OPERATOR),
    (mail) => mailer.send(mail),
    async () =>
      new UnsubscribeTokens(await new AuthRepository(db).ensureSecret('show-reminders-unsubscribe')),
    base,
    show.server.app.fastify.log,
    clock,
  );
  return { service, close: () => mailer.close() };
}

/** A raw message's header lines, unfolded. */
const headersOf = (raw: string) => raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));

describe('email reminders', () => {
  it('sends one reminder 10 minutes before (saying the time really left, the start in UTC), once across racing processes, with one-click unsubscribe headers', async () => {
    const ann = await playerWithDetails(base, 'Ann');
    const soon = await scheduleGame(show, 5 * 60_000);
    // The sweeps run 3 min 10 s before the start: the mail says the time really left.
    const sweptAt = () => new Date(Date.parse(soon.gameStartTime) - (3 * 60 + 10) * 1000);
    const later = await scheduleGame(show, 60 * 60_000);
    const asked = await api(base, 'POST', '/api/safety/reminders', ann.token, { gameUuid: soon.gameUuid });
    expect(asked.status).toBe(201);
    expect(asked.body as unknown as ShowReminder).toEqual({
      gameUuid: soon.gameUuid,
      remindAt: new Date(new Date(soon.gameStartTime).getTime() - 10 * 60_000).toISOString(),
    });
    // Asking twice is one reminder.
    expect(
      (await api(base, 'POST', '/api/safety/reminders', ann.token, { gameUuid: soon.gameUuid })).status,
    ).toBe(201);
    expect(
      (await api(base, 'POST', '/api/safety/reminders', ann.token, { gameUuid: later.gameUuid })).status,
    ).toBe(201);

    const processes = [reminderProcess(sweptAt), reminderProcess(sweptAt), reminderProcess(sweptAt)];
    try {
      const sent = await Promise.all(processes.map(({ service }) => service.sweep()));
      // One mail between them: the show an hour away is not due.
      expect(sent.reduce((sum, count) => sum + count, 0)).toBe(1);
      const again = await Promise.all(processes.map(({ service }) => service.sweep()));
      expect(again).toEqual([0, 0, 0]);
    } finally {
      await Promise.all(processes.map((process) => process.close()));
    }
    const mails = mailsTo('ann@ruthless.test');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.decoded;
    expect(mail).toContain('Subject: Your Ruthless show starts in 3 minutes');
    // The start in UTC, said to be UTC (players keep no time zone of their own).
    const start = new Date(soon.gameStartTime);
    const day = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
    }).format(start);
    const clock = `${String(start.getUTCHours()).padStart(2, '0')}:${String(start.getUTCMinutes()).padStart(2, '0')}`;
    expect(mail).toContain(
      `Your Ruthless show in Remind <Room> starts in 3 minutes, on ${day} at ${clock} UTC.`,
    );
    expect(mail).not.toContain('10 minutes');
    expect(mail).not.toContain('UK time');
    // The host's room name is never markup in the HTML part.
    expect(mail).toContain('Remind &#60;Room&#62;');
    // Headers from the raw message (unfolded): the body's decoding would mangle their `=`.
    const headers = headersOf(mails[0]!.raw);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const oneClick = /^List-Unsubscribe: <(http[^>]+)>$/m.exec(headers)?.[1];
    expect(oneClick).toMatch(new RegExp(`^${base}/api/safety/unsubscribe\\?token=`));
    expect(mail).toContain(`${base}/unsubscribe?token=`);

    // A forged token changes nothing; the mail's own one-click POST (RFC 8058's form) does.
    const token = new URL(oneClick!).searchParams.get('token')!;
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    expect(await api(base, 'POST', '/api/safety/unsubscribe', null, { token: forged })).toEqual({
      status: 400,
      body: expect.objectContaining({ message: ReminderMessage.badUnsubscribeToken }),
    });
    expect((await api(base, 'POST', '/api/safety/unsubscribe', null, { token: 'nonsense' })).status).toBe(
      400,
    );
    expect((await api(base, 'POST', '/api/safety/unsubscribe', null, {})).status).toBe(400);
    const unsubscribed = await fetch(oneClick!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);
    expect(await unsubscribed.json()).toEqual({ message: ReminderMessage.unsubscribed });
    // The reminder of the later show is gone with it.
    const { service, close } = reminderProcess();
    try {
      expect(await service.sweep()).toBe(0);
    } finally {
      await close();
    }
  });

  it('sends a cancellation instead of the reminder when the host cancels, also to players who opted into every show', async () => {
    const bob = await playerWithDetails(base, 'Bob');
    const cat = await playerWithDetails(base, 'Cat');
    const game = await scheduleGame(show, 3 * 60 * 60_000);
    expect(
      (await api(base, 'PUT', '/api/safety/settings', cat.token, { remindEveryShow: true })).status,
    ).toBe(200);
    await claimTicket(show, cat.token, game.gameUuid);
    expect(
      (await api(base, 'POST', '/api/safety/reminders', bob.token, { gameUuid: game.gameUuid })).status,
    ).toBe(201);

    const { service, close } = reminderProcess();
    try {
      expect(await service.sweep()).toBe(0); // three hours away: nothing yet
      const cancelled = await api(base, 'POST', `/api/host/games/${game.gameUuid}/cancel`, show.hostToken);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(await service.sweep()).toBe(2);
      expect(await service.sweep()).toBe(0);
    } finally {
      await close();
    }
    for (const address of ['bob@ruthless.test', 'cat@ruthless.test']) {
      const mails = mailsTo(address);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.decoded).toContain('Subject: Your Ruthless show has been cancelled');
      expect(mails[0]!.decoded).toContain('has been cancelled by the host');
      expect(mails[0]!.decoded).not.toContain('starts in');
      expect(mails[0]!.decoded).toMatch(/on \w+day \d+ \w+ at \d\d:\d\d UTC has been cancelled by the host/);
      expect(headersOf(mails[0]!.raw)).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    }

    // Asking after the show is over (or for one that does not exist) is refused clearly.
    expect(
      await api(base, 'POST', '/api/safety/reminders', bob.token, { gameUuid: game.gameUuid }),
    ).toMatchObject({
      status: 409,
      body: { code: 'reminder/show-started', message: ReminderMessage.showStarted },
    });
    expect(
      await api(base, 'POST', '/api/safety/reminders', bob.token, {
        gameUuid: '00000000-0000-4000-8000-000000000000',
      }),
    ).toMatchObject({ status: 404 });
    expect(await api(base, 'POST', '/api/safety/reminders', bob.token, { gameUuid: 'x' })).toMatchObject({
      status: 400,
      body: { message: 'gameUuid must be a valid id' },
    });
    expect((await api(base, 'POST', '/api/safety/reminders', null, { gameUuid: game.gameUuid })).status).toBe(
      401,
    );
  });
});
