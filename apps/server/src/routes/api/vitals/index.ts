import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Histogram } from 'prom-client';
import { catalogueMessage, ErrorCode, VITALS_PAGES, webVitalsBodySchema } from '@ruthless/protocol';
import { TooManyRequestsError } from '../../../errors';
import { errorResponses } from '../../../schemas/errors';

/** Reports per address per minute: a page sends one or two; more is a script. */
export const VITALS_RATE_LIMIT = { window: 60, max: 20 };

/**
 * Web vitals from the field (docs/web-quality.md): pages report LCP, INP and CLS, which
 * /metrics shows as histograms by page. Anyone may report (the landing page is signed out), so
 * reports are validated and rate-limited per address.
 */
const vitalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = app.accounts.rateLimitStore;
  const registers = [app.metrics.registry];
  const labelNames = ['page'] as const;
  const histograms = {
    LCP: new Histogram({
      name: 'web_vitals_lcp_seconds',
      help: 'Largest Contentful Paint reported by players’ browsers, by page',
      labelNames,
      buckets: [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10, 20],
      registers,
    }),
    INP: new Histogram({
      name: 'web_vitals_inp_seconds',
      help: 'Interaction to Next Paint reported by players’ browsers, by page',
      labelNames,
      buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 2, 5],
      registers,
    }),
    CLS: new Histogram({
      name: 'web_vitals_cls',
      help: 'Cumulative Layout Shift reported by players’ browsers, by page',
      labelNames,
      buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
      registers,
    }),
  };
  // Every page label appears from the start, so dashboards see zeros rather than nothing.
  for (const histogram of Object.values(histograms)) {
    for (const page of VITALS_PAGES) histogram.zero({ page });
  }

  app.post(
    '',
    {
      schema: {
        tags: ['metrics'],
        summary: 'Report the web vitals (LCP, INP, CLS) a page measured',
        body: webVitalsBodySchema,
        response: { 204: z.null().describe('Counted'), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { count, retryAfter } = await store.hit(`vitals:${request.ip}`, VITALS_RATE_LIMIT.window);
      if (count > VITALS_RATE_LIMIT.max) {
        throw new TooManyRequestsError(
          ErrorCode.rateLimited,
          catalogueMessage(ErrorCode.rateLimited),
          retryAfter,
        );
      }
      const { page, metrics } = request.body;
      for (const { name, value } of metrics) {
        histograms[name].observe({ page }, name === 'CLS' ? value : value / 1000);
      }
      return reply.status(204).send(null);
    },
  );
};

export default vitalsRoutes;
