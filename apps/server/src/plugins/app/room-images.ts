import fp from 'fastify-plugin';
import { RoomImages } from '../../host/room-images';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded room images under DATA_DIR (host/room-images.ts). */
    roomImages: RoomImages;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'roomImages',
      new RoomImages(app.config.dataDir, [app.config.publicUrl, ...app.config.allowedOrigins]),
    );
  },
  { name: 'room-images', dependencies: ['config'] },
);
