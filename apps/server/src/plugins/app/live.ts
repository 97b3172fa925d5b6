import fp from 'fastify-plugin';
import { LiveActions } from '../../live/live-actions.service';
import { LiveGames } from '../../live/live-games.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live games from their stored events, pushed to each game's socket room. */
    live: LiveGames;
    /** Players' choices and picks, and the host's controls, on live games. */
    liveActions: LiveActions;
  }
}

export default fp(
  async (app) => {
    const live = new LiveGames(
      app.repositories.live,
      app.realtime.phones,
      app.accounts.serverKeys.current('game-pseudonyms').key,
    );
    app.decorate('live', live);
    app.decorate('liveActions', new LiveActions(live));
  },
  { name: 'live', dependencies: ['repositories', 'realtime', 'accounts'] },
);
