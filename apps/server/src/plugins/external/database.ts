import fp from 'fastify-plugin';
import type { AppPluginOptions } from '../../app';
import { openDatabase, type Database } from '../../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    /** PGlite or PostgreSQL, migrated (db/database.ts). */
    database: Database;
  }
}

export default fp<AppPluginOptions>(
  async (app, options) => {
    const database = await openDatabase({
      ...app.config,
      pglite: options.pglite,
      // In production a deploy migrates first (`npm run migrate`); a process never serves on an
      // older schema, nor changes it under the processes of the previous release.
      migrations: app.config.nodeEnv === 'production' ? 'require' : 'apply',
    });
    app.decorate('database', database);
    // Closed last: the services' own stops (preClose) still write to it.
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'database', dependencies: ['config'] },
);
