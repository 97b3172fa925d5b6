import fp from 'fastify-plugin';
import type { AppPluginOptions } from '../../app';
import { GameRunner } from '../../live/game-runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** The automatic host: drives every due game (live/game-runner.ts). */
    runner: GameRunner;
  }
}

export default fp<AppPluginOptions>(
  async (app, options) => {
    const runner = new GameRunner(app.repositories.live, app.live, (err, gameId) =>
      app.log.error({ err, gameId }, 'game runner failed'),
    );
    app.decorate('runner', runner);
    // Once every route and socket handler is in place, just before the server listens (where
    // buildApp always started it); runGames: false leaves the games to the tests that drive them.
    if (options.runGames !== false) app.addHook('onReady', async () => runner.start());
    // In a rolling restart the others take this process's games at once, not at their next scan.
    app.realtime.phones.onPeersGamesReleased(() => runner.scanNow());
    app.addHook('preClose', async () => {
      app.realtime.phones.tellPeersGamesReleased(await runner.stop());
    });
  },
  { name: 'game-runner', dependencies: ['repositories', 'live', 'realtime'] },
);
