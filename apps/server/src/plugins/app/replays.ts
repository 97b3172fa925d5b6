import fp from 'fastify-plugin';
import { StreamRecordings } from '../../replay/recordings';
import { Replays } from '../../replay/replays.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Ended shows to watch again, from their published event logs. */
    replays: Replays;
    /** Live-streamed shows' recordings, which their replays play. */
    streamRecordings: StreamRecordings;
  }
}

export default fp(
  async (app) => {
    app.decorate('replays', new Replays(app.live, app.repositories.live));
    app.decorate('streamRecordings', new StreamRecordings(app.database.db));
  },
  { name: 'replays', dependencies: ['live', 'repositories', 'database'] },
);
