import type { FastifyInstance } from 'fastify';
import { ConfigError, type Config } from '../config';
import type { Database } from '../db/database';
import { Invites } from '../invites/invites.service';
import { InvitesRepository } from '../invites/invites.repository';
import { MailRepository } from '../mail/mail.repository';
import { createMailer, type Mailer } from '../mail/mailer';
import { aliasSkeleton } from '../profile/alias-skeleton';
import { ProfileRepository } from '../profile/profile.repository';
import { ProfileService } from '../profile/profile.service';
import { AccountDeletionRepository } from '../safety/account-deletion.repository';
import { KeptBreaks } from '../safety/kept-breaks';
import type { Realtime } from '../realtime/socket-server';
import { CardFonts } from '../share/card-fonts';
import { createAuth, DEFAULT_AUTH_LIMITS, type Auth, type AuthLimits } from './auth';
import { configuredSecrets, unreadableKeys, type AuthSecrets } from './auth-secrets';
import { AuthRepository } from './auth.repository';
import { AuthService } from './auth.service';
import { authenticatePlugin } from './authenticate';
import { IdentityVerifier } from './identity';
import { ServerKeys } from './server-keys';
import { DatabaseRateLimitStore, RedisRateLimitStore, type RateLimitStore } from './rate-limit';
import { TokenCutoffs } from './token-cutoffs';

export interface AccountsOptions {
  /** Overrides of DEFAULT_AUTH_LIMITS (tests use small ones). */
  limits?: Partial<AuthLimits>;
  /** Prefix of the Redis rate-limit keys, so test files sharing one Redis stay apart. */
  rateLimitPrefix?: string;
  /** How long a token cut-off is cached (TOKEN_CUTOFF_CACHE_MS unless told). */
  tokenCutoffCacheMs?: number;
}

export interface Accounts {
  /** Per-user cut-offs of identity tokens (a password reset, a deletion). */
  tokenCutoffs: TokenCutoffs;
  auth: Auth;
  authService: AuthService;
  profileService: ProfileService;
  mailRepository: MailRepository;
  mailer: Mailer;
  /** The shared rate-limit counters (Redis or the database), for limits outside auth (chat). */
  rateLimitStore: RateLimitStore;
  /** Keys derived from the auth secrets, never published (kept breaks, game pseudonyms). */
  serverKeys: ServerKeys;
  /** Breaks that outlive a deleted account (safety/kept-breaks.ts). */
  keptBreaks: KeptBreaks;
  /** Invite a friend: links, their page and card, and who signed up through whose. */
  invites: Invites;
  /** The fonts of the cards drawn for link previews (results and invites), written once. */
  cardFonts: CardFonts;
}

/**
 * Accounts as an app plugin: Better Auth on the project's database, the identity-token guards
 * (`app.authenticate`, `app.requireOperator`, `app.requireHost`, `app.verifyIdentityToken`),
 * the mailer and the operator's settings.
 */
export async function setUpAccounts(
  app: FastifyInstance,
  config: Config,
  database: Database,
  realtime: Realtime,
  options: AccountsOptions = {},
): Promise<Accounts> {
  const authRepository = new AuthRepository(database.db);
  const profileRepository = new ProfileRepository(database.db);
  // Aliases saved before their skeletons were kept get one now, so look-alikes of them are refused.
  await profileRepository.fillAliasSkeletons(aliasSkeleton);
  const mailRepository = new MailRepository(database.db);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, repository: mailRepository });
  const store = realtime.redis
    ? new RedisRateLimitStore(realtime.redis, options.rateLimitPrefix)
    : new DatabaseRateLimitStore(database.db);
  const log = app.log.child({ module: 'auth' });
  const tokenCutoffs = new TokenCutoffs(database.db, Date.now, options.tokenCutoffCacheMs);

  // AUTH_SECRET when set (production requires it); otherwise one generated into the database.
  const secrets: AuthSecrets = config.authSecrets
    ? configuredSecrets(config.authSecrets, await authRepository.readSecret('better-auth'))
    : { kind: 'generated', secret: await authRepository.ensureSecret('better-auth') };
  const unreadable = await unreadableKeys(secrets, await authRepository.encryptedSigningKeys());
  if (unreadable > 0) {
    throw new ConfigError(
      `Invalid configuration: AUTH_SECRET cannot read ${unreadable} signing key(s) in the database: ` +
        'list the secret they were made with in AUTH_PREVIOUS_SECRETS (docs/operations.md, Rotate secrets)',
    );
  }
  const serverKeys = new ServerKeys(secrets);
  const keptBreaks = new KeptBreaks(database.db, serverKeys);
  const unmatchable = await keptBreaks.unmatchable();
  if (unmatchable > 0) {
    throw new ConfigError(
      `Invalid configuration: AUTH_SECRET cannot match ${unmatchable} break(s) kept after an account's deletion: ` +
        'list the secret they were kept with in AUTH_PREVIOUS_SECRETS until they end (docs/operations.md, Rotate secrets)',
    );
  }

  const cardFonts = new CardFonts();
  app.addHook('onClose', () => cardFonts.close());
  const invites = new Invites(
    new InvitesRepository(database.db),
    cardFonts,
    { publicUrl: config.publicUrl },
    log,
  );

  const auth = createAuth({
    config,
    db: database.db,
    secrets,
    store,
    limits: { ...DEFAULT_AUTH_LIMITS, ...options.limits },
    mailer,
    authRepository,
    profileRepository,
    log,
    tokenCutoffs,
    phones: realtime.phones,
    beforeDeleteUser: async (userId) => {
      // A break in force outlives the account; the rest of the person goes.
      await keptBreaks.keep(userId);
      await new AccountDeletionRepository(database.db).anonymise(userId);
    },
    afterUserCreated: (userId) => keptBreaks.restore(userId),
    invitedSignUp: (userId, code) => invites.signedUp(userId, code),
  });
  const authService = new AuthService(auth, config.google !== undefined, log);
  const verifier = new IdentityVerifier(() => authService.publicKeys(), config.publicUrl, config.publicUrl);
  await app.register(authenticatePlugin, { verifier, cutoffs: tokenCutoffs });
  app.addHook('onClose', async () => mailer.close());

  return {
    auth,
    authService,
    profileService: new ProfileService(profileRepository, log),
    mailRepository,
    mailer,
    rateLimitStore: store,
    tokenCutoffs,
    serverKeys,
    keptBreaks,
    invites,
    cardFonts,
  };
}
