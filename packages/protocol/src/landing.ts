import { z } from 'zod';

const utmValue = z.string().trim().min(1).max(100, { error: 'UTM values can be at most 100 characters' });

/** `POST /api/landing/visit`: the landing page's campaign parameters, for the server's log. */
export const landingVisitBodySchema = z.strictObject({
  utm_source: utmValue.optional(),
  utm_medium: utmValue.optional(),
  utm_campaign: utmValue.optional(),
});
export type LandingVisitBody = z.infer<typeof landingVisitBodySchema>;
