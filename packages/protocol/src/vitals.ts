import { z } from 'zod';
import { VITALS_PAGES } from './vitals-pages';

export { VITALS_PAGES, vitalsPageOf, type VitalsPage } from './vitals-pages';

/** One measurement: LCP and INP in milliseconds, CLS unitless. */
export const webVitalSchema = z.discriminatedUnion('name', [
  z.strictObject({ name: z.literal('LCP'), value: z.number().min(0).max(120_000) }),
  z.strictObject({ name: z.literal('INP'), value: z.number().min(0).max(120_000) }),
  z.strictObject({ name: z.literal('CLS'), value: z.number().min(0).max(100) }),
]);
export type WebVital = z.infer<typeof webVitalSchema>;

/** `POST /api/vitals`: what a page measured (web-vitals), sent when it is hidden. */
export const webVitalsBodySchema = z.strictObject({
  page: z.enum(VITALS_PAGES),
  metrics: z.array(webVitalSchema).min(1).max(10, { error: 'At most 10 measurements at a time' }),
});
export type WebVitalsBody = z.infer<typeof webVitalsBodySchema>;
