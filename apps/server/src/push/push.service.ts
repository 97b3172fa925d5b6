import { createECDH } from 'node:crypto';
import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type webPushModule from 'web-push';
import {
  PushErrorCode,
  PushMessage,
  SHOW_REMINDER_MINUTES,
  type PushNotification,
  type PushPreferences,
  type PushSubscriptionBody,
} from '@ruthless/protocol';
import { InvalidError, NotFoundError } from '../errors';
import { PeriodicSweep } from '../periodic-sweep';
import { money } from '../share/share-card';
import { isPushServiceEndpoint } from './push-services';
import type { DueBeforeShow, DueWin, PushRepository, StoredSubscription } from './push.repository';

/** How often each process looks for pushes due (a push goes within this of its time). */
export const PUSH_SWEEP_MS = 15_000;
const SHOW_START_WINDOW_MS = SHOW_REMINDER_MINUTES * 60_000;
/** Players claimed per sweep: a big night's pushes go over a few sweeps, not in one burst. */
const PLAYERS_PER_SWEEP = 500;
/** Quiet hours on the phone's clock: no push from 23:00 to 08:00 unless the player asked. */
const QUIET_FROM_HOUR = 23;
const QUIET_UNTIL_HOUR = 8;
/**
 * How long a "you won" stays due: one held back by quiet hours goes at 08:00 on the phone's clock
 * (the first sweep after it), unless the show ended more than this before; then it is dropped.
 */
export const WIN_PUSH_WITHIN_MS = 24 * 3600_000;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

// web-push is loaded at the first push, not at every start (some 35 ms of CPU). A CommonJS module:
// its exports are the import's default (its types declare them as named exports).
let webPushLoading: Promise<typeof webPushModule> | undefined;
const loadWebPush = () =>
  (webPushLoading ??= import('web-push').then(
    (module) => (module as unknown as { default: typeof webPushModule }).default,
  ));

/** A VAPID key pair from a 32-byte secret (the one generated into the database outside production). */
export function vapidKeysFromSecret(secret: string): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(secret, 'base64url'));
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
  };
}

/** Whether `at` falls in the quiet hours of `timeZone`. */
export function inQuietHours(at: Date, timeZone: string): boolean {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(at),
  );
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/** A time on the phone's clock: 21:30. */
function clockTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(at);
}

/** The show-start notification, in the phone's time zone. */
export function showStartNotification(due: DueBeforeShow, now: Date): PushNotification {
  const minutes = Math.max(1, Math.round((due.startTime.getTime() - now.getTime()) / 60_000));
  const time = clockTime(due.startTime, due.timeZone);
  return {
    kind: 'show-start',
    title: `${due.roomName} starts in ${minutes} minute${minutes === 1 ? '' : 's'}`,
    body: due.hasTicket
      ? `Your ticket is in. Take your seat in the green room before ${time}.`
      : `Claim your free ticket and take your seat before ${time}.`,
    url: `/game/${due.gameId}`,
    tag: `show-${due.gameId}`,
  };
}

/** A followed room's show opened its green room: the start on the phone's clock. */
export function greenRoomNotification(due: DueBeforeShow): PushNotification {
  return {
    kind: 'green-room',
    title: `${due.roomName}: the green room is open`,
    body: due.hasTicket
      ? `The show starts at ${clockTime(due.startTime, due.timeZone)}. Your ticket is in: take your seat.`
      : `The show starts at ${clockTime(due.startTime, due.timeZone)}. Grab a ticket and take your seat.`,
    url: `/game/${due.gameId}`,
    // The show's slot before it: replaces (or is replaced by) its show-start, never stacks.
    tag: `show-${due.gameId}`,
  };
}

/** A win the player was not there to see. */
export function youWonNotification(due: DueWin): PushNotification {
  return {
    kind: 'you-won',
    title: `You won ${money(due.pence)} in ${due.roomName}`,
    body: 'The show ended after you left. Tap to see the results.',
    url: `/game/${due.gameId}/results`,
    tag: `won-${due.gameId}`,
  };
}

/**
 * Web Push (docs/player-app.md, "Notifications"): the browsers' subscriptions, and the pushes,
 * encrypted for each browser (RFC 8291) and signed with the server's VAPID key (RFC 8292) by
 * the `web-push` library. Each process sweeps every PUSH_SWEEP_MS; a push is claimed in the
 * database first, so it goes once however many processes run.
 */
export class PushService {
  private readonly sweeps = new PeriodicSweep(
    () => this.sweep(),
    (error) => this.options.log.error({ err: error }, 'push sweep failed'),
  );

  constructor(
    private readonly repository: PushRepository,
    private readonly keys: () => Promise<VapidKeys>,
    private readonly options: {
      subject: string;
      /** Push services besides the browsers' (tests). */
      extraOrigins: readonly string[];
      /** The HTTPS agent to reach push services with (tests trust their own certificate). */
      agent?: Agent;
      log: FastifyBaseLogger;
      clock?: () => Date;
    },
  ) {}

  async publicKey(): Promise<string> {
    return (await this.keys()).publicKey;
  }

  async subscribe(playerId: string, body: PushSubscriptionBody): Promise<void> {
    if (!isPushServiceEndpoint(body.endpoint, this.options.extraOrigins)) {
      throw new InvalidError(PushErrorCode.badEndpoint, PushMessage.badEndpoint, 'endpoint');
    }
    await this.repository.subscribe(playerId, {
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      timeZone: body.timeZone,
    });
  }

  unsubscribe(playerId: string, endpoint: string): Promise<void> {
    return this.repository.unsubscribe(playerId, endpoint);
  }

  /** Follows a room: a push each time one of its shows opens its green room. */
  async follow(playerId: string, roomId: string): Promise<void> {
    await this.assertRoom(roomId);
    await this.repository.follow(playerId, roomId);
  }

  async unfollow(playerId: string, roomId: string): Promise<void> {
    await this.assertRoom(roomId);
    await this.repository.unfollow(playerId, roomId);
  }

  follows(playerId: string): Promise<string[]> {
    return this.repository.follows(playerId);
  }

  preferences(playerId: string): Promise<PushPreferences> {
    return this.repository.preferences(playerId);
  }

  async setPreferences(playerId: string, preferences: PushPreferences): Promise<PushPreferences> {
    await this.repository.setPreferences(playerId, preferences);
    return preferences;
  }

  private async assertRoom(roomId: string): Promise<void> {
    if (!(await this.repository.roomExists(roomId)))
      throw new NotFoundError(PushErrorCode.roomNotFound, PushMessage.roomNotFound, 'roomUuid');
  }

  /**
   * A game ended (on the process that appended its end): which of its winners were watching the
   * results, asked of every process's sockets (`watching`) at once, is kept for the "you won"
   * sweep.
   */
  async resultsGiven(
    gameId: string,
    winners: readonly string[],
    watching: (gameId: string, playerIds: readonly string[]) => Promise<Set<string>>,
  ): Promise<void> {
    if (winners.length === 0) return;
    const present = await watching(gameId, winners);
    await this.repository.markWatchedResults(
      gameId,
      winners.filter((id) => present.has(id)),
    );
  }

  /** Sends what is due now; the number of pushes the push services took. */
  async sweep(): Promise<number> {
    const now = this.options.clock?.() ?? new Date();
    let sent = 0;
    // Show starts first: a claimed player who follows the room gets that one, not both.
    const starts = await this.repository.claimShowStarts(now, SHOW_START_WINDOW_MS, PLAYERS_PER_SWEEP);
    for (const push of starts) {
      if (!push.asked && inQuietHours(now, push.timeZone)) continue;
      if (await this.send(push, showStartNotification(push, now), untilStart(push, now))) sent += 1;
    }
    const greenRooms = await this.repository.claimGreenRooms(now, PLAYERS_PER_SWEEP);
    for (const push of greenRooms) {
      if (inQuietHours(now, push.timeZone)) continue;
      if (await this.send(push, greenRoomNotification(push), untilStart(push, now))) sent += 1;
    }
    sent += await this.sendWins(now);
    return sent;
  }

  /**
   * "You won" to the winners who were away at the results: claimed (once per player and show)
   * when at least one of their phones is out of quiet hours, and sent to those phones. A winner
   * whose phones all sleep stays due for the next sweeps, until WIN_PUSH_WITHIN_MS after the end.
   */
  private async sendWins(now: Date): Promise<number> {
    const due = await this.repository.winsDue(
      now,
      new Date(now.getTime() - WIN_PUSH_WITHIN_MS),
      PLAYERS_PER_SWEEP,
    );
    const awake = new Map<string, DueWin[]>();
    for (const push of due) {
      if (inQuietHours(now, push.timeZone)) continue;
      const key = `${push.userId} ${push.gameId}`;
      awake.set(key, [...(awake.get(key) ?? []), push]);
    }
    let sent = 0;
    for (const phones of awake.values()) {
      const [first] = phones;
      if (!first || !(await this.repository.claimWin(first.userId, first.gameId, now))) continue;
      const ttlSeconds = Math.max(
        0,
        Math.floor((first.endedAt.getTime() + WIN_PUSH_WITHIN_MS - now.getTime()) / 1000),
      );
      for (const push of phones) {
        // No topic: it names one show's pushes before it (32 characters, all a uuid's).
        if (await this.send(push, youWonNotification(push), { ttlSeconds })) sent += 1;
      }
    }
    return sent;
  }

  /**
   * One push to one browser; false when it did not go. A subscription its push service no longer
   * knows (404, 410) is forgotten; anything else is logged and not tried again (the moment passed).
   */
  private async send(
    subscription: StoredSubscription,
    notification: PushNotification,
    { ttlSeconds, topic }: { ttlSeconds: number; topic?: string },
  ): Promise<boolean> {
    const [keys, webPush] = await Promise.all([this.keys(), loadWebPush()]);
    try {
      await webPush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(notification),
        {
          vapidDetails: { subject: this.options.subject, ...keys },
          TTL: ttlSeconds,
          urgency: 'high',
          // A later push about the same show replaces this one while it waits (RFC 8030 topics).
          ...(topic ? { topic: topic.replaceAll('-', '') } : {}),
          timeout: 10_000,
          ...(this.options.agent ? { agent: this.options.agent } : {}),
        },
      );
      return true;
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) await this.repository.forget(subscription.endpoint);
      else this.options.log.warn({ err: error, status }, 'push not sent');
      return false;
    }
  }

  start(intervalMs = PUSH_SWEEP_MS): void {
    this.sweeps.start(intervalMs);
  }

  stop(): Promise<void> {
    return this.sweeps.stop();
  }
}

/** A push before a show: kept by the push service until the show starts, one per show. */
function untilStart(push: { startTime: Date; gameId: string }, now: Date) {
  const ttlSeconds = Math.max(0, Math.floor((push.startTime.getTime() - now.getTime()) / 1000));
  return { ttlSeconds, topic: push.gameId };
}
