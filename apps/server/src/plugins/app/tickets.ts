import fp from 'fastify-plugin';
import { TicketsService } from '../../tickets/tickets.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Claims and the player's tickets (tickets/tickets.service.ts). */
    tickets: TicketsService;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'tickets',
      new TicketsService(app.repositories.tickets, app.metadata, app.live, (err) =>
        app.log.error({ err }, 'claim event push failed'),
      ),
    );
  },
  { name: 'tickets', dependencies: ['repositories', 'metadata', 'live'] },
);
