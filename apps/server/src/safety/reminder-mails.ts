import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Mail } from '../mail/mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * A show's start as the mails say it, with its zone named: 'Thursday 26 November at 21:00 UTC'.
 * Players keep no time zone in their profile, so the mails give UTC and say so (a guess such as
 * UK time would be wrong for a player elsewhere and an hour out in summer).
 */
export const formatShowTime = (date: Date) =>
  `${new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(date)
    .replace(',', '')} UTC`;

/**
 * The time left before a show, as a mail says it when it is sent: a reminder asked late (or a
 * sweep that came late) goes with less than the usual ten minutes, and says how much.
 */
export function timeLeft(startTime: Date, now: Date): string {
  const minutes = Math.round((startTime.getTime() - now.getTime()) / 60_000);
  if (minutes < 1) return 'less than a minute';
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * The unsubscribe token of a player's reminder mails: their id and an HMAC of it under a
 * server secret, so it cannot be guessed nor made for someone else, and needs no table.
 */
export class UnsubscribeTokens {
  constructor(private readonly secret: string) {}

  sign(userId: string): string {
    return `${userId}.${this.mac(userId)}`;
  }

  /** The player of a genuine token, else undefined. */
  verify(token: string): string | undefined {
    const [userId, mac, extra] = token.split('.');
    if (!userId || !mac || extra !== undefined) return undefined;
    const expected = Buffer.from(this.mac(userId));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
  }

  private mac(userId: string): string {
    return createHmac('sha256', this.secret).update(`show-reminders:${userId}`).digest('base64url');
  }
}

/**
 * A reminder or a cancellation mail (docs/player-app.md, "Email reminders"), with RFC 8058's
 * one-click unsubscribe: List-Unsubscribe names the POST endpoint, List-Unsubscribe-Post says
 * one click is enough, and the text links to the app's unsubscribe page.
 */
export function showReminderMail(options: {
  to: string;
  kind: 'reminder' | 'cancellation';
  roomName: string;
  startTime: Date;
  /** When the mail goes: the time left is counted from it. */
  now: Date;
  publicUrl: string;
  unsubscribeToken: string;
}): Mail {
  const token = encodeURIComponent(options.unsubscribeToken);
  const oneClick = `${options.publicUrl}/api/safety/unsubscribe?token=${token}`;
  const page = `${options.publicUrl}/unsubscribe?token=${token}`;
  const when = formatShowTime(options.startTime);
  const left = timeLeft(options.startTime, options.now);
  const lines =
    options.kind === 'reminder'
      ? [
          'Hello,',
          `Your Ruthless show in ${options.roomName} starts in ${left}, on ${when}.`,
          `Open Ruthless to play: ${options.publicUrl}/`,
        ]
      : [
          'Hello,',
          `The Ruthless show in ${options.roomName} on ${when} has been cancelled by the host, so there is no reminder to send.`,
          'A ticket you held for it has been given back.',
          `See the other shows: ${options.publicUrl}/`,
        ];
  const footer = `You asked for this email. To get no more show reminders: ${page}`;
  return {
    to: options.to,
    subject:
      options.kind === 'reminder'
        ? `Your Ruthless show starts in ${left}`
        : 'Your Ruthless show has been cancelled',
    text: [...lines, footer].join('\n\n'),
    // The room's name is the host's text: escaped.
    html: [...lines, footer].map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
