import fp from 'fastify-plugin';
import { MetadataPublisher } from '../../lobby/metadata-publisher';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pushes a game's ticket counts to every lobby (lobby/metadata-publisher.ts). */
    metadata: MetadataPublisher;
  }
}

export default fp(
  async (app) => {
    const metadata = new MetadataPublisher(app.repositories.games, app.realtime.phones, (err) =>
      app.log.error({ err }, 'metadata push failed'),
    );
    app.realtime.phones.onPeersMetadataChanged((gameIds) => metadata.changedElsewhere(gameIds));
    app.decorate('metadata', metadata);
    app.addHook('preClose', async () => metadata.stop());
  },
  { name: 'metadata', dependencies: ['repositories', 'realtime'] },
);
