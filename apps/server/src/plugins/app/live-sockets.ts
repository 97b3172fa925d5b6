import fp from 'fastify-plugin';
import { registerLiveHandlers } from '../../live/live.handlers';

/** The live show over Socket.IO: joining a game, choices, picks and chat (live/live.handlers.ts). */
export default fp(
  async (app) => {
    registerLiveHandlers(app, app.realtime.io, app.live, app.liveActions, app.chat, app.safety, (gameId) =>
      app.liveSampler.rejoined(gameId),
    );
  },
  { name: 'live-sockets', dependencies: ['realtime', 'live', 'chat', 'safety', 'analytics'] },
);
