import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Answers over 1 KB are compressed when the client accepts it. */
export default fp(
  async (app) => {
    await app.register(fastifyCompress, { threshold: 1024 });
  },
  { name: 'compress' },
);
