import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes, randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth/minimal';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { z } from 'zod';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { jwt } from 'better-auth/plugins/jwt';
import {
  AuthErrorCode,
  OPERATOR,
  catalogueMessage,
  cleanPersonName,
  updateUserRequestSchema,
} from '@ruthless/protocol';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { accounts, jwks, sessions, users, verifications } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { resetPasswordLink, resetPasswordMail } from '../mail/templates';
import { inviteCodeFromCookies } from '../invites/invite-cookie';
import type { ProfileRepository } from '../profile/profile.repository';
import { betterAuthSecretOptions, type AuthSecrets } from './auth-secrets';
import type { AuthRepository } from './auth.repository';
import { hashPassword, verifyPassword } from './password';
import { betterAuthStorage, counterKey, type RateLimitRule, type RateLimitStore } from './rate-limit';
import type { TokenCutoffs } from './token-cutoffs';
import type { Phones } from '../realtime/phones';

/** Better Auth reads the client's address from this header only; our adapter always sets it. */
export const CLIENT_IP_HEADER = 'x-ruthless-client-ip';
export const IDENTITY_TOKEN_LIFETIME = '15m';
export const RESET_CODE_LIFETIME_SECONDS = 60 * 60;
/** How long an address the account signed in from stays known (docs/accounts.md). */
const KNOWN_ADDRESS_SECONDS = 180 * 24 * 60 * 60;

/** Rate limits (seconds, counts). Generous enough for the browser tests from one address. */
export interface AuthLimits {
  signInPerIp: RateLimitRule;
  signUpPerIp: RateLimitRule;
  resetRequestPerIp: RateLimitRule;
  resetPerIp: RateLimitRule;
  /** Every other /api/auth endpoint (token, session, jwks…). */
  otherPerIp: RateLimitRule;
  failedSignInsPerAccount: RateLimitRule;
  signUpsPerAccount: RateLimitRule;
  resetRequestsPerAccount: RateLimitRule;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  signInPerIp: { window: 60, max: 10 },
  signUpPerIp: { window: 60, max: 10 },
  resetRequestPerIp: { window: 60, max: 5 },
  resetPerIp: { window: 60, max: 10 },
  otherPerIp: { window: 60, max: 600 },
  failedSignInsPerAccount: { window: 15 * 60, max: 5 },
  signUpsPerAccount: { window: 15 * 60, max: 5 },
  resetRequestsPerAccount: { window: 15 * 60, max: 3 },
};

export interface AuthLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface AuthDependencies {
  config: Config;
  db: Db;
  secrets: AuthSecrets;
  store: RateLimitStore;
  limits: AuthLimits;
  mailer: Mailer;
  authRepository: AuthRepository;
  profileRepository: ProfileRepository;
  log: AuthLog;
  /** Closes a player's (or one session's) live connections, on every process. */
  phones: Pick<Phones, 'disconnectPlayer' | 'disconnectSession'>;
  tokenCutoffs: TokenCutoffs;
  /** Moves what must outlive a deleted user to an anonymous id (safety/account-deletion.repository.ts). */
  beforeDeleteUser?: (userId: string) => Promise<void>;
  /**
   * After a user or a Google account is created (committed): gives back a break kept from a
   * deleted account with the same email or Google subject (safety/kept-breaks.ts).
   */
  afterUserCreated?: (userId: string) => Promise<void>;
  /**
   * After a new user is created (sign-up or Google's first sign-in) with the invite cookie's code,
   * if any: counts the invite (invites/invites.service.ts). Never fails the sign-up.
   */
  invitedSignUp?: (userId: string, code: string | undefined) => Promise<void>;
}

/** An error in the shape of docs/player-app.md (Messages): our code and the catalogue's message. */
export function authError(
  status: 'UNAUTHORIZED' | 'TOO_MANY_REQUESTS' | 'BAD_REQUEST',
  code: string,
): APIError {
  return new APIError(status, { code, message: catalogueMessage(code) });
}

/**
 * Origins allowed to post to /api/auth with cookies and to open sockets: PUBLIC_URL, ALLOWED_ORIGINS,
 * and outside production the same
 * port under localhost or 127.0.0.1 and the Vite dev server (5173), whose proxy keeps the origin.
 */
export function trustedOrigins(config: Config): string[] {
  if (config.nodeEnv === 'production') return [config.publicUrl, ...config.allowedOrigins];
  const url = new URL(config.publicUrl);
  const hosts = ['localhost', '127.0.0.1'];
  const ports = [url.port, '5173'].filter(Boolean);
  return [
    config.publicUrl,
    ...config.allowedOrigins,
    ...hosts.flatMap((host) => ports.map((port) => `${url.protocol}//${host}:${port}`)),
  ];
}

const normalizeEmail = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');
/**
 * Whether an email is well-formed by the rule Better Auth signs in and signs up with: anything
 * else could never be an account, so it is refused before any counter is touched.
 */
const wellFormedEmail = (email: string) => z.email().safeParse(email).success;

/**
 * The account's name as stored. Requests are refused with a 400 before this (auth.service.ts);
 * this guards every other way a name reaches the users table (Better Auth's own calls, a
 * provider's profile): a name that breaks the rules is cleaned rather than refused, since there
 * is nobody to show a message to and a refusal would fail a sign-in.
 */
const accountNameRule = updateUserRequestSchema.shape.name.unwrap();
const storableName = (name: string) =>
  accountNameRule.safeParse(name).success ? name : cleanPersonName(name);

/** The endpoints that count attempts per account, by email. */
const ACCOUNT_COUNTED_PATHS = new Set(['/sign-in/email', '/sign-up/email', '/request-password-reset']);

/** What Better Auth reported while handling one request, read once its answer is known. */
export interface AuthRequestReport {
  /** The unexpected error behind a 500, if any. */
  error?: unknown;
  /** The lines Better Auth logged at error level. */
  errorLines: string[];
}

/**
 * The report of the auth request in flight: Better Auth answers unexpected errors with a bare
 * 500, and only its `onAPIError` hook sees the cause (AuthService turns an unreachable database
 * into the API's 503); it also logs a client's mistakes (a forged state, a foreign callbackURL)
 * at error level, which AuthService logs as errors only when the answer is a 5xx.
 */
export const authRequestReports = new AsyncLocalStorage<AuthRequestReport>();

/** The Better Auth instance: email and password, reset, JWT + JWKS and Google (OIDC). */
export function createAuth(deps: AuthDependencies) {
  const { config, store, limits, log } = deps;
  const secure = config.publicUrl.startsWith('https://');
  const adminEmails = new Set(config.adminEmails);

  // Per-account lockout (docs/accounts.md): attempts are counted before the password is checked,
  // in one atomic step, so parallel guesses cannot slip past the limit. Addresses the account
  // signed in from before have a counter each; every other address shares one, so strangers
  // can lock only themselves out, never the owner at home.
  const failedSignInKey = (email: string) => counterKey('account', 'sign-in-failures', email);
  const knownAddressFailuresKey = (email: string, ip: string) =>
    counterKey('account', 'sign-in-failures-from', email, ip);
  const knownAddressKey = (email: string, ip: string) => counterKey('account', 'known-address', email, ip);
  const clientIp = (headers: Headers | undefined) => headers?.get(CLIENT_IP_HEADER) ?? '';
  const isKnownAddress = async (email: string, ip: string) =>
    ip !== '' && (await store.peek(knownAddressKey(email, ip), KNOWN_ADDRESS_SECONDS)) > 0;
  const rememberAddress = async (email: string, ip: string) => {
    if (ip) await store.hit(knownAddressKey(email, ip), KNOWN_ADDRESS_SECONDS);
  };

  const before = createAuthMiddleware(async (ctx) => {
    const email = normalizeEmail((ctx.body as { email?: unknown } | undefined)?.email);
    const countsPerAccount = ACCOUNT_COUNTED_PATHS.has(ctx.path);
    if (countsPerAccount && !wellFormedEmail(email)) {
      log.info(
        { event: 'auth.refused', reason: 'malformed-email', path: ctx.path },
        'malformed email refused',
      );
      throw authError('BAD_REQUEST', AuthErrorCode.invalidEmail);
    }
    switch (ctx.path) {
      case '/sign-in/email': {
        const rule = limits.failedSignInsPerAccount;
        const ip = clientIp(ctx.headers);
        const key = (await isKnownAddress(email, ip))
          ? knownAddressFailuresKey(email, ip)
          : failedSignInKey(email);
        if ((await store.hit(key, rule.window)).count > rule.max) {
          log.warn({ event: 'auth.sign-in.locked' }, 'sign-in refused: too many failures for the account');
          throw authError('TOO_MANY_REQUESTS', AuthErrorCode.tooManyRequests);
        }
        // docs/player-app.md (Messages) tells an unknown email from a wrong password, so we say which.
        if (!(await ctx.context.internalAdapter.findUserByEmail(email))) {
          log.info({ event: 'auth.sign-in.failed', reason: 'user-not-found' }, 'sign-in failed');
          throw authError('UNAUTHORIZED', AuthErrorCode.userNotFound);
        }
        return;
      }
      case '/sign-up/email': {
        const rule = limits.signUpsPerAccount;
        if ((await store.hit(counterKey('account', 'sign-up', email), rule.window)).count > rule.max) {
          throw authError('TOO_MANY_REQUESTS', AuthErrorCode.tooManyRequests);
        }
        return;
      }
      case '/request-password-reset': {
        const rule = limits.resetRequestsPerAccount;
        if ((await store.hit(counterKey('account', 'reset-request', email), rule.window)).count > rule.max) {
          throw authError('TOO_MANY_REQUESTS', AuthErrorCode.tooManyRequests);
        }
        log.info({ event: 'auth.reset.requested' }, 'password reset requested');
        // An unknown address costs the same database work as a known one (a code written, the
        // account's other codes dropped), so the reply's timing does not tell if it exists.
        if (!(await ctx.context.internalAdapter.findUserByEmail(email))) {
          const decoy = `reset-password:${randomBytes(18).toString('base64url')}`;
          await ctx.context.internalAdapter.createVerificationValue({
            value: randomUUID(),
            identifier: decoy,
            expiresAt: new Date(),
          });
          await deps.authRepository.dropOtherResetCodes(randomUUID(), decoy);
        }
        return;
      }
      case '/sign-out': {
        const session = await getSessionFromCtx(ctx).catch(() => null);
        if (session) {
          // The session's identity tokens are refused from now on, on every process (others
          // within the cut-off cache time), and its open sockets close everywhere.
          await deps.tokenCutoffs.endSession(session.user.id, session.session.id);
          deps.phones.disconnectSession(session.session.id);
        }
        log.info({ event: 'auth.sign-out', playerId: session?.user.id ?? null }, 'signed out');
        return;
      }
    }
  });

  const after = createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned;
    const failed = isAPIError(returned) ? returned : undefined;
    const playerId = ctx.context.newSession?.user.id;
    switch (ctx.path) {
      case '/sign-in/email': {
        const email = normalizeEmail((ctx.body as { email?: unknown } | undefined)?.email);
        if (playerId) {
          log.info({ event: 'auth.sign-in', method: 'password', playerId }, 'signed in');
          // A right password is the owner's: their sign-in clears the counter it was counted on
          // (so signing in from several new devices never locks them out), and the address is
          // known from now on.
          const ip = clientIp(ctx.headers);
          await store.reset(
            (await isKnownAddress(email, ip)) ? knownAddressFailuresKey(email, ip) : failedSignInKey(email),
          );
          await rememberAddress(email, ip);
        } else if (failed?.body?.code === 'INVALID_EMAIL_OR_PASSWORD') {
          const user = await ctx.context.internalAdapter.findUserByEmail(email);
          log.info(
            { event: 'auth.sign-in.failed', reason: 'wrong-password', playerId: user?.user.id ?? null },
            'sign-in failed',
          );
        }
        return;
      }
      case '/sign-up/email': {
        if (playerId) {
          log.info({ event: 'auth.sign-up', playerId }, 'signed up');
          await rememberAddress(
            normalizeEmail((ctx.body as { email?: unknown } | undefined)?.email),
            clientIp(ctx.headers),
          );
        } else if (failed)
          log.info({ event: 'auth.sign-up.failed', reason: failed.body?.code }, 'sign-up failed');
        return;
      }
      case '/reset-password': {
        if (failed)
          log.info({ event: 'auth.reset.failed', reason: failed.body?.code }, 'password reset failed');
        return;
      }
      case '/callback/:id': {
        if (playerId) log.info({ event: 'auth.sign-in', method: 'google', playerId }, 'signed in');
        else {
          // Better Auth's errors carry Headers or a plain record, depending on where they came from.
          const headers = failed?.headers as Headers | Record<string, string> | undefined;
          const location = (headers instanceof Headers ? headers.get('location') : headers?.location) ?? '';
          const reason = /[?&]error=([^&]+)/.exec(location)?.[1];
          if (reason)
            log.info({ event: 'auth.sign-in.failed', method: 'google', reason }, 'Google sign-in failed');
        }
        return;
      }
    }
  });

  return betterAuth({
    appName: 'Ruthless',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    ...betterAuthSecretOptions(deps.secrets),
    trustedOrigins: trustedOrigins(config),
    telemetry: { enabled: false },
    database: drizzleAdapter(deps.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, jwks },
    }),
    advanced: {
      database: { generateId: 'uuid' },
      cookiePrefix: 'ruthless',
      useSecureCookies: secure,
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true, secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Better Auth skips its origin (CSRF) checks under test runners; tests check the real thing.
      disableOriginCheck: false,
    },
    logger: {
      level: 'warn',
      log: (level, message) => {
        const request = authRequestReports.getStore();
        if (level === 'error' && request) request.errorLines.push(message);
        else if (level === 'error') log.error({ source: 'better-auth' }, message);
        else log.warn({ source: 'better-auth' }, message);
      },
    },
    onAPIError: {
      // Refusals are answered and logged by AuthService; only the unexpected is an error here.
      onError: (error) => {
        if (isAPIError(error)) return;
        const request = authRequestReports.getStore();
        if (request) request.error = error;
        log.error({ err: error }, 'auth request failed');
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: RESET_CODE_LIFETIME_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const link = resetPasswordLink(config.publicUrl, token);
        // Only the newest code works: issuing one drops the account's others.
        await deps.authRepository.dropOtherResetCodes(user.id, `reset-password:${token}`);
        log.info(
          { event: 'auth.reset.mail', playerId: user.id, via: deps.mailer.kind },
          'password reset mail sent',
        );
        // A usable code never goes to the log: logs are read by more people than the mailbox.
        if (deps.mailer.kind === 'outbox') {
          if (config.nodeEnv === 'production') {
            log.warn({ playerId: user.id }, 'password reset mail kept in mail_outbox: SMTP_URL is not set');
          } else {
            log.info({ playerId: user.id }, 'password reset mail kept: open /dev/mailbox on this machine');
          }
        }
        // Not awaited: the reply must take as long whether or not the account exists.
        void deps.mailer
          .send(resetPasswordMail(user.email, link))
          .catch((err: unknown) => log.error({ err, playerId: user.id }, 'password reset mail failed'));
      },
      onPasswordReset: async ({ user }, request) => {
        // The reset link reached the mailbox: the email is proven, and so is this address.
        await deps.authRepository.markEmailVerified(user.id);
        await deps.authRepository.dropOtherResetCodes(user.id, null);
        await rememberAddress(user.email.toLowerCase(), clientIp(request?.headers));
        // Sessions are revoked; so are the identity tokens already handed out and the live
        // connections, on every process.
        await deps.tokenCutoffs.cutOff(user.id);
        deps.phones.disconnectPlayer(user.id);
        log.info({ event: 'auth.reset', playerId: user.id }, 'password reset; every session signed out');
      },
    },
    verification: { storeIdentifier: 'hashed' },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: { ...user, name: storableName(user.name) } }),
          // Run once the sign-up (or Google's first sign-in) has committed, before it answers.
          after: async (user, context) => {
            await deps.afterUserCreated?.(user.id);
            // Only a new account gets here: signing in to an existing one counts no invite.
            const code = inviteCodeFromCookies(context?.headers?.get('cookie'));
            if (code) {
              await deps
                .invitedSignUp?.(user.id, code)
                .catch((err: unknown) => log.error({ err, playerId: user.id }, 'invite not recorded'));
            }
          },
        },
        update: {
          before: async (user) =>
            typeof user.name === 'string' ? { data: { ...user, name: storableName(user.name) } } : undefined,
        },
      },
      account: {
        create: {
          // Run once the sign-up (or Google's first sign-in) has committed, before it answers.
          after: async (account) => {
            if (account.providerId === 'google') await deps.afterUserCreated?.(account.userId);
          },
        },
      },
    },
    user: {
      // Called only by "Delete my account" (POST /api/safety/delete-account, which checks the
      // password or a fresh sign-in first); its own path /api/auth/delete-user stays off.
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => {
          await deps.beforeDeleteUser?.(user.id);
        },
        afterDelete: async (user) => {
          // Its tokens are refused now on this process (others within the cut-off cache time)
          // and its live connections close everywhere.
          deps.tokenCutoffs.forget(user.id);
          deps.phones.disconnectPlayer(user.id);
          log.info({ event: 'auth.account-deleted', playerId: user.id }, 'account deleted');
        },
      },
    },
    account: {
      // A Google account and a password account with the same email are never merged.
      accountLinking: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      window: limits.otherPerIp.window,
      max: limits.otherPerIp.max,
      customStorage: betterAuthStorage(store),
      customRules: {
        '/sign-in/email': limits.signInPerIp,
        '/sign-in/social': limits.signInPerIp,
        '/sign-up/email': limits.signUpPerIp,
        '/request-password-reset': limits.resetRequestPerIp,
        '/reset-password': limits.resetPerIp,
      },
    },
    hooks: { before, after },
    plugins: [
      jwt({
        jwks: { keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' } },
        jwt: {
          issuer: config.publicUrl,
          audience: config.publicUrl,
          expirationTime: IDENTITY_TOKEN_LIFETIME,
          definePayload: async ({ user, session }) => {
            const operators = await deps.profileRepository.operatorsOf(user.id);
            const email = user.email.toLowerCase();
            return {
              name: user.name,
              email: user.email,
              // The session, so signing out closes the sockets opened with its tokens.
              sid: session.id,
              // iat to the millisecond, so a cut-off (a reset) spares a sign-in right after it.
              iat_ms: Date.now(),
              ...(operators.includes(OPERATOR) ? { operator: OPERATOR } : {}),
              // Only a proven mailbox makes a host: anyone can sign up with any address.
              ...(adminEmails.has(email) && user.emailVerified ? { role: 'host' } : {}),
              // Listed but not proven yet: the app tells them how to prove it (docs/host-console.md).
              ...(adminEmails.has(email) && !user.emailVerified ? { hostPending: true } : {}),
            };
          },
        },
      }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  name: 'Google',
                  discoveryUrl: `${config.google.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  requireIdTokenVerification: true,
                  // Google's name, cleaned word by word (cleanPersonName): the app splits it into
                  // the first and last name it registers with the operator, each checked alone.
                  mapProfileToUser: (profile) => ({ name: cleanPersonName(profile.name) }),
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
