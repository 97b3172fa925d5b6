import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    /** PGlite or PostgreSQL, migrated (db/database.ts). */
    database: Database;
  }
}

export default fp(
  async (app) => {
    const database = await openDatabase(app.config);
    app.decorate('database', database);
    // Closed last: the services' own stops (preClose) still write to it.
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'database', dependencies: ['config'] },
);
