import type { LandingVisitBody } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

/** `POST /api/landing/visit`: hands the landing's UTM parameters to the server's log. */
export const logLandingVisit = (utm: LandingVisitBody) =>
  api.post('/landing/visit', utm).then(() => undefined);
