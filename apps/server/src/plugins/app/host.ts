import fp from 'fastify-plugin';
import { HostService } from '../../host/host.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** What hosts script: rooms, games, schedules, cancellations (host/host.service.ts). */
    host: HostService;
  }
}

export default fp(
  async (app) => {
    const { repositories } = app;
    app.decorate(
      'host',
      new HostService(
        repositories.rooms,
        repositories.games,
        app.live,
        app.rooms,
        app.metadata,
        app.realtime.phones,
        repositories.audit,
        app.roomImages,
      ),
    );
  },
  { name: 'host', dependencies: ['repositories', 'live', 'rooms', 'metadata', 'realtime', 'room-images'] },
);
