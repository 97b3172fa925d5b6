import fp from 'fastify-plugin';
import { Replays } from '../../replay/replays.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Ended shows to watch again, from their published event logs. */
    replays: Replays;
  }
}

export default fp(
  async (app) => {
    app.decorate('replays', new Replays(app.live, app.repositories.live));
  },
  { name: 'replays', dependencies: ['live', 'repositories'] },
);
