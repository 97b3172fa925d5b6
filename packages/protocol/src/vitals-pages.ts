/**
 * The screens web vitals are counted by (a label of the /metrics histograms). Apart from
 * vitals.ts and free of zod, so the app's vitals reporter loads without the protocol's schemas.
 */
export const VITALS_PAGES = ['login', 'lobby', 'game', 'purchase', 'profile', 'host', 'other'] as const;
export type VitalsPage = (typeof VITALS_PAGES)[number];

/** The screen a path shows, for the vitals' label. */
export function vitalsPageOf(pathname: string): VitalsPage {
  if (pathname === '/') return 'lobby';
  const first = pathname.split('/')[1] ?? '';
  return (VITALS_PAGES as readonly string[]).includes(first) ? (first as VitalsPage) : 'other';
}
