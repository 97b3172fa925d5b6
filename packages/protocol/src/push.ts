import { z } from 'zod';

/**
 * Web Push (docs/player-app.md, "Notifications"): a browser's subscription, given to the server
 * once the player allowed notifications, and the messages the service worker shows.
 */

/** base64url of `bytes` bytes, without padding, as PushSubscription.toJSON() gives keys. */
const base64urlOf = (bytes: number, name: string) =>
  z
    .string({ error: `${name} must be a base64url string` })
    .regex(/^[A-Za-z0-9_-]+$/, { error: `${name} must be a base64url string` })
    .length(Math.ceil((bytes * 4) / 3), { error: `${name} must be ${bytes} bytes` });

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const PushMessage = {
  badEndpoint: 'This push service is not one we send to.',
  roomNotFound: 'This room does not exist.',
  badTimeZone: 'timeZone must be an IANA time zone, such as Europe/London',
} as const;

export const PushErrorCode = {
  /** An endpoint that is not https on a known push service (the server would call it). */
  badEndpoint: 'push/bad-endpoint',
  /** A follow of a room that does not exist. */
  roomNotFound: 'push/room-not-found',
} as const;

/** `POST /api/push/subscriptions`: PushSubscription.toJSON() and the phone's time zone. */
export const pushSubscriptionBodySchema = z.strictObject({
  endpoint: z.url({ error: 'endpoint must be a URL' }).max(2048, { error: 'endpoint is too long' }),
  keys: z.strictObject({
    p256dh: base64urlOf(65, 'keys.p256dh'),
    auth: base64urlOf(16, 'keys.auth'),
  }),
  timeZone: z.string().max(64).refine(isTimeZone, { error: PushMessage.badTimeZone }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** `POST /api/push/unsubscribe`: this browser's subscription, ended. */
export const pushUnsubscribeBodySchema = z.strictObject({
  endpoint: z.url({ error: 'endpoint must be a URL' }).max(2048, { error: 'endpoint is too long' }),
});

/** `GET /api/push/key`: the server's VAPID public key (applicationServerKey). */
export const pushKeySchema = z.object({ publicKey: z.string() });

/** What a push carries to the service worker, which shows it. */
export const pushNotificationSchema = z.object({
  /** A claimed show starts soon, a followed room's green room opened, a win while away. */
  kind: z.enum(['show-start', 'green-room', 'you-won']),
  title: z.string(),
  body: z.string(),
  /** The app's path that a tap opens. */
  url: z.string().startsWith('/'),
  /** One notification per show and slot: a later one with the same tag replaces it. */
  tag: z.string(),
});
export type PushNotification = z.infer<typeof pushNotificationSchema>;

/** `PUT|DELETE /api/push/follows/:roomUuid`: the room followed (or no longer). */
export const roomFollowParamsSchema = z.object({
  roomUuid: z.uuid({ error: 'roomUuid must be a valid id' }),
});

/** `GET /api/push/follows`: the rooms the player follows. */
export const roomFollowsSchema = z.object({ roomUuids: z.array(z.string()) });
export type RoomFollows = z.infer<typeof roomFollowsSchema>;

/**
 * `GET|PUT /api/push/preferences`: the kinds of notification the player wants, on every phone
 * of theirs (all on until they say otherwise).
 */
export const pushPreferencesSchema = z.strictObject({
  /** 10 minutes before a show they claimed. */
  showStarts: z.boolean({ error: 'showStarts must be true or false' }),
  /** When a followed room's green room opens. */
  followedRooms: z.boolean({ error: 'followedRooms must be true or false' }),
  /** A win in a show they left before its results. */
  wins: z.boolean({ error: 'wins must be true or false' }),
});
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;
