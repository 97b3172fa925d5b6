import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { VERSION } from '../../app';
import { internalOnly } from '../internal-access';

/**
 * The OpenAPI document of every route, built from their zod schemas, at /api/docs (JSON at
 * /api/docs/json). After the headers, compression and metrics: its pages are answers like any other.
 * Guarded as /metrics is (plugins/internal-access.ts): not public in production.
 */
export default fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Ruthless API',
          description: 'The REST API of the Ruthless game show',
          version: VERSION,
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    // In a context of its own, so the guard covers every page of the UI, its files included.
    await app.register(async (docs) => {
      docs.addHook('onRequest', internalOnly(app.config));
      await docs.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
    });
  },
  { name: 'swagger', dependencies: ['config', 'security-headers', 'compress', 'metrics'] },
);
