import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AccountDeletionRepository } from '../../safety/account-deletion.repository';
import { AccountDeletionService } from '../../safety/account-deletion.service';
import { MarketingRepository } from '../../safety/marketing.repository';
import { MarketingService } from '../../safety/marketing.service';
import { MyDataRepository } from '../../safety/my-data.repository';
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
    /** onRequest/preHandler after `authenticate`: 403 while the player is on a break. */
    requireMayPlay: (request: FastifyRequest) => Promise<void>;
  }
}

export default fp(
  async (app) => {
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
      ),
    );
    app.decorate('myData', new MyDataRepository(db));
    app.decorate('marketing', new MarketingService(new MarketingRepository(db)));
    app.decorate('requireMayPlay', async (request: FastifyRequest) => {
      if (request.player) await safety.assertMayPlay(request.player.id);
    });
  },
  { name: 'safety', dependencies: ['database', 'repositories', 'accounts'] },
);
