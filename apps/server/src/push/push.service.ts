import { createECDH } from 'node:crypto';
import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webPush from 'web-push';
import {
  PushErrorCode,
  PushMessage,
  SHOW_REMINDER_MINUTES,
  type PushNotification,
  type PushSubscriptionBody,
} from '@ruthless/protocol';
import { InvalidError } from '../errors';
import { PeriodicSweep } from '../periodic-sweep';
import { isPushServiceEndpoint } from './push-services';
import type { DueShowStart, PushRepository, StoredSubscription } from './push.repository';

/** How often each process looks for pushes due (a push goes within this of its time). */
export const PUSH_SWEEP_MS = 15_000;
const SHOW_START_WINDOW_MS = SHOW_REMINDER_MINUTES * 60_000;
/** Players claimed per sweep: a big night's pushes go over a few sweeps, not in one burst. */
const PLAYERS_PER_SWEEP = 500;
/** Quiet hours on the phone's clock: no push from 23:00 to 08:00 unless the player asked. */
const QUIET_FROM_HOUR = 23;
const QUIET_UNTIL_HOUR = 8;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

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

/** The show-start notification, in the phone's time zone. */
export function showStartNotification(due: DueShowStart, now: Date): PushNotification {
  const minutes = Math.max(1, Math.round((due.startTime.getTime() - now.getTime()) / 60_000));
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: due.timeZone,
    hour: '2-digit',
    minute: '2-digit',
  }).format(due.startTime);
  return {
    kind: 'show-start',
    title: `${due.roomName} starts in ${minutes} minute${minutes === 1 ? '' : 's'}`,
    body: `Your ticket is in. Take your seat in the green room before ${time}.`,
    url: `/game/${due.gameId}`,
    tag: `show-${due.gameId}`,
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

  /** Sends what is due now; the number of pushes the push services took. */
  async sweep(): Promise<number> {
    const now = this.options.clock?.() ?? new Date();
    const due = await this.repository.claimShowStarts(now, SHOW_START_WINDOW_MS, PLAYERS_PER_SWEEP);
    let sent = 0;
    for (const push of due) {
      if (!push.asked && inQuietHours(now, push.timeZone)) continue;
      const ttlSeconds = Math.max(0, Math.floor((push.startTime.getTime() - now.getTime()) / 1000));
      if (await this.send(push, showStartNotification(push, now), { ttlSeconds, topic: push.gameId }))
        sent += 1;
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
    { ttlSeconds, topic }: { ttlSeconds: number; topic: string },
  ): Promise<boolean> {
    const keys = await this.keys();
    try {
      await webPush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(notification),
        {
          vapidDetails: { subject: this.options.subject, ...keys },
          TTL: ttlSeconds,
          urgency: 'high',
          // A later push about the same show replaces this one while it waits (RFC 8030 topics).
          topic: topic.replaceAll('-', ''),
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
