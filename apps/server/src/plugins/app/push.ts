import fp from 'fastify-plugin';
import type { AppPluginOptions } from '../../app';
import { AuthRepository } from '../../auth/auth.repository';
import { PushRepository } from '../../push/push.repository';
import { PushService, vapidKeysFromSecret, type VapidKeys } from '../../push/push.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Web Push: subscriptions and the pushes due (push/push.service.ts). */
    push: PushService;
  }
}

export default fp<AppPluginOptions>(
  async (app, options) => {
    const { config } = app;
    // Production's keys come from the configuration (subscriptions are bound to them); elsewhere
    // a pair derived from a secret generated into the database, the same for every process.
    let generated: Promise<VapidKeys> | undefined;
    const keys = async () =>
      config.vapidKeys ??
      (await (generated ??= new AuthRepository(app.database.db)
        .ensureSecret('web-push-vapid')
        .then(vapidKeysFromSecret)
        .catch((error: unknown) => {
          generated = undefined;
          throw error;
        })));
    const push = new PushService(new PushRepository(app.database.db), keys, {
      subject: config.vapidSubject,
      extraOrigins: config.pushServiceOrigins,
      agent: options.pushAgent,
      log: app.log.child({ module: 'push' }),
    });
    app.decorate('push', push);
    // Who of a game's winners watched its results, asked of the sockets as it ends.
    app.live.onGameEnded((gameId, winners) =>
      push
        .resultsGiven(gameId, winners, (id, players) => app.realtime.phones.playersWatching(id, players))
        .catch((error: unknown) => app.log.error({ err: error, gameId }, 'winners watching not noted')),
    );
    // The same switch as the reminder mails: a restore check and the tests that sweep themselves.
    if (options.sendReminders !== false) app.addHook('onReady', async () => push.start());
    app.addHook('preClose', () => push.stop());
  },
  { name: 'push', dependencies: ['config', 'database', 'live', 'realtime'] },
);
