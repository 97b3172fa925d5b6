import fp from 'fastify-plugin';
import type { AppPluginOptions } from '../../app';
import { setUpAccounts, type Accounts } from '../../auth/accounts';
import { authenticateSockets } from '../../realtime/socket-identity';

declare module 'fastify' {
  interface FastifyInstance {
    /** Better Auth, the mailer, the operator's settings and the shared rate-limit counters. */
    accounts: Accounts;
  }
}

/**
 * Accounts (auth/accounts.ts) and the identity-token guards (`app.authenticate`,
 * `app.requireOperator`, `app.requireHost`); sockets prove their player with the same token.
 */
export default fp<AppPluginOptions>(
  async (app, options) => {
    const accounts = await setUpAccounts(app, app.config, app.database, app.realtime, options.accounts);
    app.decorate('accounts', accounts);
    authenticateSockets(app.realtime.io, (token) => app.verifyIdentityToken(token), accounts.tokenCutoffs);
  },
  { name: 'accounts', dependencies: ['config', 'database', 'realtime'] },
);
