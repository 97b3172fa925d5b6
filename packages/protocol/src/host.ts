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

const roomName = z
  .string({ error: 'Room name is required' })
  .trim()
  .min(1, { error: 'Room name is required' })
  .max(40, { error: 'Room name can be at most 40 characters' });
// An image served by this app (/rooms/...) or an https address.
const roomImage = z
  .string({ error: 'Room image is required' })
  .max(500, { error: 'Room image address is too long' })
  .regex(/^(\/[\w\-./]+|https:\/\/[^\s"'<>]+)$/, {
    error: 'Room image must be a path on this site or an https address',
  });

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
});

export const hostGameSchema = z.object({
  gameUuid: z.uuid(),
  roomUuid: z.uuid(),
  gameStartTime: z.iso.datetime(),
  state: z.string(),
  maxTickets: z.number().int(),
  ticketsAvailable: z.number().int(),
  prizeLuckyFateSelections: luckyFateModeSchema,
  prizes: z.object({ oneLine: z.number(), twoLines: z.number(), fullHouse: z.number() }),
  timings: z.record(z.string(), z.number()),
  videoSource: z.string().nullable(),
  /** SHA-256 of the game's secret seed: published now, the seed itself when the game ends. */
  commitment: z.string(),
});
export type HostGame = z.infer<typeof hostGameSchema>;
