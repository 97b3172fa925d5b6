import fp from 'fastify-plugin';
import type { AppPluginOptions } from '../../app';
import type { Config } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated environment (config.ts), read once by the caller of buildApp. */
    config: Config;
  }
}

export default fp<AppPluginOptions>(
  async (app, { config }) => {
    app.decorate('config', config);
  },
  { name: 'config' },
);
