import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { OPERATOR } from '@ruthless/protocol';
import type { AppPluginOptions } from '../../app';
import { AuthRepository } from '../../auth/auth.repository';
import { AccountDeletionRepository } from '../../safety/account-deletion.repository';
import { AccountDeletionService } from '../../safety/account-deletion.service';
import { MarketingRepository } from '../../safety/marketing.repository';
import { MarketingService } from '../../safety/marketing.service';
import { MyDataRepository } from '../../safety/my-data.repository';
import { RealityCheckRepository } from '../../safety/reality-check.repository';
import { RealityCheckService } from '../../safety/reality-check.service';
import { UnsubscribeTokens } from '../../safety/reminder-mails';
import { RemindersRepository } from '../../safety/reminders.repository';
import { RemindersService } from '../../safety/reminders.service';
import { SafetyRepository } from '../../safety/safety.repository';
import { SafetyService } from '../../safety/safety.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Take a break and self-exclusion (safety/safety.service.ts). */
    safety: SafetyService;
    /** "Delete my account" (safety/account-deletion.service.ts). */
    accountDeletion: AccountDeletionService;
    /** "Download my data": everything kept about one user (safety/my-data.repository.ts). */
    myData: MyDataRepository;
    /** Marketing consent with its time and words (safety/marketing.service.ts). */
    marketing: MarketingService;
    /** Reality checks: the interval and the session's figures (safety/reality-check.service.ts). */
    realityChecks: RealityCheckService;
    /** Email reminders of shows and their one-click unsubscribe (safety/reminders.service.ts). */
    reminders: RemindersService;
    /** onRequest/preHandler after `authenticate`: 403 while the player is on a break. */
    requireMayPlay: (request: FastifyRequest) => Promise<void>;
  }
}

export default fp<AppPluginOptions>(
  async (app, options) => {
    const { db } = app.database;
    const safety = new SafetyService(
      new SafetyRepository(db),
      (mail) => app.accounts.mailer.send(mail),
      async (gameId) => (await app.repositories.games.findById(gameId))?.stage,
      app.log.child({ module: 'safety' }),
    );
    app.decorate('safety', safety);
    app.decorate(
      'accountDeletion',
      new AccountDeletionService(
        app.accounts.auth,
        new AccountDeletionRepository(db),
        app.accounts.rateLimitStore,
        (playerId) => safety.status(playerId),
      ),
    );
    app.decorate('myData', new MyDataRepository(db));
    app.decorate('marketing', new MarketingService(new MarketingRepository(db)));
    app.decorate('realityChecks', new RealityCheckService(new RealityCheckRepository(db, OPERATOR)));
    // The unsubscribe links' key: one random secret in the database, shared by every process.
    let tokens: Promise<UnsubscribeTokens> | undefined;
    const unsubscribeTokens = () =>
      (tokens ??= new AuthRepository(db)
        .ensureSecret('show-reminders-unsubscribe')
        .then((secret) => new UnsubscribeTokens(secret))
        .catch((error: unknown) => {
          tokens = undefined;
          throw error;
        }));
    const reminders = new RemindersService(
      new RemindersRepository(db, OPERATOR),
      (mail) => app.accounts.mailer.send(mail),
      unsubscribeTokens,
      app.config.publicUrl,
      app.log.child({ module: 'reminders' }),
    );
    app.decorate('reminders', reminders);
    if (options.sendReminders !== false) app.addHook('onReady', async () => reminders.start());
    app.addHook('preClose', () => reminders.stop());
    app.decorate('requireMayPlay', async (request: FastifyRequest) => {
      if (request.player) await safety.assertMayPlay(request.player.id);
    });
  },
  { name: 'safety', dependencies: ['config', 'database', 'repositories', 'accounts'] },
);
