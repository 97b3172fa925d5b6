import fp from 'fastify-plugin';
import { ChatRepository } from '../../chat/chat.repository';
import { GamesRepository } from '../../games/games.repository';
import { AuditRepository } from '../../host/audit.repository';
import { LiveRepository } from '../../live/live.repository';
import { RoomsRepository } from '../../rooms/rooms.repository';
import { TicketsRepository } from '../../tickets/tickets.repository';

export interface Repositories {
  rooms: RoomsRepository;
  games: GamesRepository;
  tickets: TicketsRepository;
  live: LiveRepository;
  chat: ChatRepository;
  audit: AuditRepository;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The SQL of each area, on the app's database (accounts keep their own: auth/accounts.ts). */
    repositories: Repositories;
  }
}

export default fp(
  async (app) => {
    const { db } = app.database;
    app.decorate('repositories', {
      rooms: new RoomsRepository(db),
      games: new GamesRepository(db),
      tickets: new TicketsRepository(db),
      live: new LiveRepository(db),
      chat: new ChatRepository(db),
      audit: new AuditRepository(db),
    });
  },
  { name: 'repositories', dependencies: ['database'] },
);
