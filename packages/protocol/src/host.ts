import { z } from 'zod';
import { luckyFateModeSchema, themeSchema } from './rooms';

const STAGE_MS_MIN = 100;
const STAGE_MS_MAX = 60 * 60_000;
const stageMs = (name: string) =>
  z
    .number({ error: `${name} must be a number of milliseconds` })
    .int({ error: `${name} must be a whole number of milliseconds` })
    .min(STAGE_MS_MIN, { error: `${name} must be at least ${STAGE_MS_MIN} ms` })
    .max(STAGE_MS_MAX, { error: `${name} must be at most ${STAGE_MS_MAX} ms` });
const pence = (name: string) =>
  z
    .number({ error: `${name} must be an amount in pence` })
    .int({ error: `${name} must be a whole number of pence` })
    .min(0, { error: `${name} cannot be negative` })
    .max(100_000_000, { error: `${name} cannot be more than £1,000,000` });

// Bidi controls flip the text around them on every lobby card; zero-width and other format or
// control characters hide inside a name that passes for another.
const INVISIBLE_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const roomName = z
  .string({ error: 'Room name is required' })
  .trim()
  .min(1, { error: 'Room name is required' })
  .max(40, { error: 'Room name can be at most 40 characters' })
  .refine((value) => !INVISIBLE_CHARACTERS.test(value), {
    error: 'Room name contains characters that are not allowed.',
  });
/** The refusal of a room image that is neither ours nor an https address. */
export const ROOM_IMAGE_MESSAGE =
  'Room image must be one of our pictures, an uploaded image or an https address on an allowed site';
/** Our artwork (/rooms/<name>.<ext>) or an upload (/room-images/<sha-256>.<ext>). */
const OWN_ROOM_IMAGE = /^(\/rooms\/[\w-]+\.(svg|webp|png|jpg)|\/room-images\/[0-9a-f]{64}\.(png|jpg|webp))$/;
const isHttpsAddress = (value: string) => {
  if (!/^https:\/\/[^\s"'<>\\]+$/.test(value)) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};
/**
 * A room image: one of ours or an https address. The server also checks that an upload exists
 * and that an address is on an allowed origin (PUBLIC_URL, ALLOWED_ORIGINS).
 */
const roomImage = z
  .string({ error: 'Room image is required' })
  .max(500, { error: 'Room image address is too long' })
  .refine((value) => OWN_ROOM_IMAGE.test(value) || isHttpsAddress(value), { error: ROOM_IMAGE_MESSAGE });

export const createRoomBodySchema = z.strictObject({
  name: roomName,
  theme: themeSchema.default('DEFAULT'),
  roomImage,
});
export const updateRoomBodySchema = z
  .strictObject({ name: roomName, theme: themeSchema, roomImage })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'Nothing to change' });

export const stageTimingsSchema = z.strictObject({
  greenRoomMs: stageMs('greenRoomMs').optional(),
  reelsMs: stageMs('reelsMs').optional(),
  ballIntervalMs: stageMs('ballIntervalMs').optional(),
  luckyFateMs: stageMs('luckyFateMs').optional(),
  ruthlessMs: stageMs('ruthlessMs').optional(),
  revealMs: stageMs('revealMs').optional(),
});

export const videoSourceSchema = z
  .string()
  .max(500, { error: 'videoSource is too long' })
  .regex(/^(\/[\w\-./]+|https?:\/\/[^\s"'<>]+)$/, {
    error: 'videoSource must be an HLS (.m3u8) address or a video file path',
  });

const gameFields = {
  gameStartTime: z.iso.datetime({ offset: true, error: 'gameStartTime must be an ISO 8601 date and time' }),
  maxTickets: z
    .number({ error: 'maxTickets must be a number' })
    .int({ error: 'maxTickets must be a whole number' })
    .min(1, { error: 'maxTickets must be at least 1' })
    .max(100_000, { error: 'maxTickets can be at most 100000' }),
  prizeLuckyFateSelections: luckyFateModeSchema,
  prizes: z.strictObject({
    oneLine: pence('prizes.oneLine'),
    twoLines: pence('prizes.twoLines'),
    fullHouse: pence('prizes.fullHouse'),
  }),
  timings: stageTimingsSchema.optional(),
  videoSource: videoSourceSchema.nullable().optional(),
};

export const createGameBodySchema = z.strictObject(gameFields);
export type CreateGameBody = z.infer<typeof createGameBodySchema>;
export const updateGameBodySchema = z
  .strictObject(gameFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'Nothing to change' });
export type UpdateGameBody = z.infer<typeof updateGameBodySchema>;

export const hostRoomSchema = z.object({
  roomUuid: z.uuid(),
  name: z.string(),
  theme: themeSchema,
  roomImage: z.string(),
  /** When the room left the lobby (its games are kept), or null. */
  archivedAt: z.iso.datetime().nullable(),
  /** An all-steal pot waiting for the room's next game (none can take it yet); 0 when none. */
  rolloverPence: z.number().int().default(0),
});
export type HostRoom = z.infer<typeof hostRoomSchema>;
export const hostRoomListSchema = z.object({ rooms: z.array(hostRoomSchema) });

export const hostGameSchema = z.object({
  gameUuid: z.uuid(),
  roomUuid: z.uuid(),
  gameStartTime: z.iso.datetime(),
  state: z.string(),
  maxTickets: z.number().int(),
  ticketsAvailable: z.number().int(),
  prizeLuckyFateSelections: luckyFateModeSchema,
  prizes: z.object({ oneLine: z.number(), twoLines: z.number(), fullHouse: z.number() }),
  /** Pence an all-steal final rolled into this game's full house (not in `prizes.fullHouse`). */
  rolloverPence: z.number().int().default(0),
  timings: z.object({}).catchall(z.number()),
  videoSource: z.string().nullable(),
  /** SHA-256 of the game's secret seed: published now, the seed itself when the game ends. */
  commitment: z.string(),
});
export type HostGame = z.infer<typeof hostGameSchema>;
export const hostGameListSchema = z.object({ games: z.array(hostGameSchema) });

export const duplicateGameBodySchema = z.strictObject({
  gameStartTime: gameFields.gameStartTime,
});
export type DuplicateGameBody = z.infer<typeof duplicateGameBodySchema>;

/** Most games one repeating schedule may create. */
export const SCHEDULE_MAX_GAMES = 200;
/** Longest date range of one repeating schedule. */
export const SCHEDULE_MAX_DAYS = 62;
const clock = (name: string) =>
  z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: `${name} must be a time as HH:MM` });
const day = (name: string) => z.iso.date({ error: `${name} must be a date as YYYY-MM-DD` });
/** ISO weekday numbers: 1 is Monday, 7 is Sunday. */
export const weekdaySchema = z
  .number()
  .int()
  .min(1, { error: 'weekdays are 1 (Monday) to 7 (Sunday)' })
  .max(7, { error: 'weekdays are 1 (Monday) to 7 (Sunday)' });

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** 'Every 15 minutes from 18:00 to 22:00 on weekdays', in the host's time zone. */
export const scheduleBodySchema = z
  .strictObject({
    everyMinutes: z
      .number({ error: 'everyMinutes must be a number' })
      .int({ error: 'everyMinutes must be a whole number' })
      .min(5, { error: 'everyMinutes must be at least 5' })
      .max(24 * 60, { error: 'everyMinutes can be at most 1440' }),
    fromTime: clock('fromTime'),
    toTime: clock('toTime'),
    weekdays: z
      .array(weekdaySchema)
      .min(1, { error: 'Choose at least one weekday' })
      .max(7)
      .refine((days) => new Set(days).size === days.length, { error: 'weekdays are repeated' }),
    fromDate: day('fromDate'),
    toDate: day('toDate'),
    timeZone: z
      .string({ error: 'timeZone is required' })
      .max(64)
      .refine(isTimeZone, { error: 'timeZone must be an IANA time zone such as Europe/London' }),
    game: createGameBodySchema.omit({ gameStartTime: true }),
  })
  .refine((body) => body.fromTime <= body.toTime, {
    error: 'toTime must not be before fromTime',
    path: ['toTime'],
  })
  .refine((body) => body.fromDate <= body.toDate, {
    error: 'toDate must not be before fromDate',
    path: ['toDate'],
  });
export type ScheduleBody = z.infer<typeof scheduleBodySchema>;
export const scheduleResultSchema = z.object({
  games: z.array(hostGameSchema),
  /** Start times skipped because the room already had a game then, or they were past. */
  skipped: z.array(z.iso.datetime()),
});

export const roomImageSchema = z.object({
  /** The path the image is served from (hashed name, cached for a year). */
  roomImage: z.string(),
});
/** Largest room image accepted (bytes). */
export const ROOM_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export const auditQuerySchema = z.strictObject({
  roomUuid: z.uuid({ error: 'roomUuid must be a valid id' }).optional(),
  gameUuid: z.uuid({ error: 'gameUuid must be a valid id' }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const auditEntrySchema = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  hostUuid: z.string().nullable(),
  hostEmail: z.string().nullable(),
  action: z.string(),
  roomUuid: z.string().nullable(),
  gameUuid: z.string().nullable(),
  targetId: z.string().nullable(),
  statusCode: z.number().int(),
  /** What the action concerned, named for people: the room, the game's start, the player's alias. */
  roomName: z.string().nullable(),
  gameStartTime: z.iso.datetime().nullable(),
  targetAlias: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.object({ entries: z.array(auditEntrySchema) });
