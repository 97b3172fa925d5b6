import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { VERSION } from '../../app';

/**
 * The OpenAPI document of every route, built from their zod schemas, at /api/docs (JSON at
 * /api/docs/json). After the headers, compression and metrics: its pages are answers like any other.
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
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'swagger', dependencies: ['security-headers', 'compress', 'metrics'] },
);
