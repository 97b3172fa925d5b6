import { z } from 'zod';

/** `GET /health`: 200 when every dependency answers, 503 otherwise. */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  databaseKind: z.enum(['pglite', 'postgres']),
  redis: z.enum(['up', 'down', 'not-configured']),
  uptimeSeconds: z.number(),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
