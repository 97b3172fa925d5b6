import { z } from 'zod';

/** The screens web vitals are counted by (a label of the /metrics histograms). */
export const VITALS_PAGES = ['login', 'lobby', 'game', 'purchase', 'profile', 'host', 'other'] as const;
export type VitalsPage = (typeof VITALS_PAGES)[number];

/** The screen a path shows, for the vitals' label. */
export function vitalsPageOf(pathname: string): VitalsPage {
  if (pathname === '/') return 'lobby';
  const first = pathname.split('/')[1] ?? '';
  return (VITALS_PAGES as readonly string[]).includes(first) ? (first as VitalsPage) : 'other';
}

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
