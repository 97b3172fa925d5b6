import fp from 'fastify-plugin';
import { RoomsService } from '../../rooms/rooms.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The lobby's rooms and their next games (rooms/rooms.service.ts). */
    rooms: RoomsService;
  }
}

export default fp(
  async (app) => {
    app.decorate('rooms', new RoomsService(app.repositories.rooms));
  },
  { name: 'rooms', dependencies: ['repositories'] },
);
