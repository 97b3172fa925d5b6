import { z } from 'zod';
import { OPERATOR } from './auth-messages';

/**
 * The operator's answers about a player (`GET /api/operator/user`, the registration's reply):
 * apart from user.ts, whose input schemas bring libphonenumber, so the start-up gate checks
 * these answers with zod alone.
 */

export const ruthlessChoiceSchema = z.enum(['share', 'steal'], {
  error: 'Please choose your default ruthless choice',
});
export type RuthlessChoice = z.infer<typeof ruthlessChoiceSchema>;

/** `GET /api/operator/user` (and the reply of PATCH and PUT): nulls where nothing is set yet. */
export const userSettingsSchema = z.object({
  alias: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  defaultChoice: ruthlessChoiceSchema.nullable(),
  dobDay: z.number().int().nullable(),
  dobMonth: z.number().int().nullable(),
  dobYear: z.number().int().nullable(),
  marketingAccepted: z.boolean().nullable(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const operatorRegistrationResponseSchema = z.object({
  playerUuid: z.string(),
  operator: z.literal(OPERATOR),
});
export type OperatorRegistrationResponse = z.infer<typeof operatorRegistrationResponseSchema>;
