import { z } from 'zod';

/** The ids in route paths, each refused with its own message when it is not a UUID. */
export const gameParams = z.strictObject({ gameUuid: z.uuid({ error: 'gameUuid must be a valid id' }) });
export const roomParams = z.strictObject({ roomUuid: z.uuid({ error: 'roomUuid must be a valid id' }) });
export const playerParams = z.strictObject({
  playerUuid: z.uuid({ error: 'playerUuid must be a valid id' }),
});

/** The answer of an action with nothing else to tell. */
export const okSchema = z.object({ ok: z.literal(true) });
