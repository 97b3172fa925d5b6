import type { Agent as HttpsAgent } from 'node:https';
import type { PGlite } from '@electric-sql/pglite';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyAutoload from '@fastify/autoload';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Accounts, AccountsOptions } from './auth/accounts';
import type { RateLimitRule } from './auth/rate-limit';
import type { Config } from './config';
import type { Database } from './db/database';
import { requestForLog } from './log-redaction';
import type { GameRunner } from './live/game-runner';
import type { LiveGames } from './live/live-games.service';
import errorHandler from './plugins/error-handler';
import { registerWebApp } from './plugins/web-app';
import type { Realtime, SocketEventLimits } from './realtime/socket-server';

export const VERSION = '0.1.0';
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const here = path.dirname(fileURLToPath(import.meta.url));
// Run from the TypeScript sources, whatever runs this file loads TypeScript; autoload detects `tsx`
// and Vitest but not `node --import tsx` (how e2e and the process tests start us), so tell it.
// `npm start` runs the compiled JavaScript (scripts/build-server.mjs), with no .ts files to load.
if (import.meta.url.endsWith('.ts')) process.env.FASTIFY_AUTOLOAD_TYPESCRIPT ??= '1';

export interface App {
  config: Config;
  fastify: FastifyInstance;
  database: Database;
  realtime: Realtime;
  /** Better Auth, the mailer and the operator's settings. */
  accounts: Accounts;
  live: LiveGames;
  runner: GameRunner;
  /**
   * Stops accepting, hands its games over, closes sockets (their clients reconnect elsewhere),
   * finishes requests in flight, then closes the database.
   */
  close(): Promise<void>;
}

export interface AppOptions {
  webDist?: string;
  accounts?: AccountsOptions;
  /** False: no automatic host (tests drive games). */ runGames?: boolean;
  /** False: no sweep of email reminders (tests sweep themselves). */
  sendReminders?: boolean;
  /** Overrides of the socket event limits (tests use small ones). */
  socketEventLimits?: SocketEventLimits;
  /** Override of the chat's per-player limit (tests). */
  chatLimit?: RateLimitRule;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The HTTPS agent pushes go through (tests trust their local push service's certificate). */
  pushAgent?: HttpsAgent;
  /** The embedded database, already starting (main.ts); without it the database plugin starts it. */
  pglite?: Promise<PGlite>;
}

/** What every plugin under plugins/ is given: the configuration and buildApp's options. */
export interface AppPluginOptions extends AppOptions {
  config: Config;
}

/** Only behind a proxy may X-Forwarded-For name the client (rate limits key on the address). */
export function proxyTrust(trustProxy: Config['trustProxy']): (address: string, hop: number) => boolean {
  return (_address, hop) => (typeof trustProxy === 'number' ? hop < trustProxy : trustProxy);
}

/** Readable lines for a person at a terminal (`npm start`, `npm run dev`); JSON for the rest. */
export function logsArePretty(config: Pick<Config, 'nodeEnv'>, stdoutIsTty: boolean): boolean {
  return config.nodeEnv !== 'production' && stdoutIsTty;
}

/**
 * The logger's options: pino's JSON lines (what a log collector reads, and production always
 * writes), or pino-pretty's lines when a person reads them.
 */
export async function loggerOptions(
  config: Pick<Config, 'nodeEnv' | 'logLevel'>,
  stdoutIsTty: boolean,
  /** Where the readable lines go: standard output, or a test's stream. */
  destination: NodeJS.WritableStream | number = 1,
): Promise<NonNullable<Exclude<FastifyServerOptions['logger'], boolean>>> {
  const options = {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
    serializers: { req: requestForLog },
  };
  if (!logsArePretty(config, stdoutIsTty)) return options;
  // Loaded only for a terminal; a stream in this thread (no transport worker), so the lines keep
  // their order with the process's own output.
  const { default: pretty } = await import('pino-pretty');
  return {
    ...options,
    stream: pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', destination }),
  };
}

export const READ_ONLY_MESSAGE = 'This server is a restore check (READ_ONLY): it answers reads only.';

/** READ_ONLY: every request but a read is refused, 503, before any route sees it. */
function refuseWrites(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    return reply.status(503).send({ statusCode: 503, code: 'read-only', message: READ_ONLY_MESSAGE });
  });
}

/**
 * Builds the whole server: external plugins (plugins/external), then the app's services
 * (plugins/app), then the routes (routes/, one folder per URL). Nothing listens until the caller
 * calls `fastify.listen`.
 */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<App> {
  const trustProxy = config.trustProxy;
  const fastify = Fastify({
    // A test's stream takes the JSON lines as they are.
    logger: options.logStream
      ? { ...(await loggerOptions(config, false)), stream: options.logStream }
      : await loggerOptions(config, process.stdout.isTTY === true),
    trustProxy: typeof trustProxy === 'number' ? proxyTrust(trustProxy) : trustProxy,
    bodyLimit: 64 * 1024,
    // No time limit on a plugin's start: opening and migrating PGlite alone can take more than
    // Fastify's default 10 s on a busy two-core machine, and a slow start is not a hung one.
    pluginTimeout: 0,
  }).withTypeProvider<ZodTypeProvider>();
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  await fastify.register(errorHandler);

  // A restore check runs no show and sends no mail: a copy of the live database would otherwise
  // resume every show that was on air when it was taken.
  const webDist = options.webDist ?? DEFAULT_WEB_DIST;
  const pluginOptions: AppPluginOptions = {
    ...options,
    // The web app's folder, also where the share cards find the rooms' artwork.
    webDist,
    ...(config.readOnly ? { runGames: false, sendReminders: false } : {}),
    config,
  };
  if (config.readOnly) refuseWrites(fastify);
  await fastify.register(fastifyAutoload, {
    dir: path.join(here, 'plugins/external'),
    options: pluginOptions,
  });
  await fastify.register(fastifyAutoload, { dir: path.join(here, 'plugins/app'), options: pluginOptions });
  await fastify.register(fastifyAutoload, {
    dir: path.join(here, 'routes'),
    // routes/api/host/autohooks.ts guards everything under /api/host.
    autoHooks: true,
    cascadeHooks: true,
  });
  await registerWebApp(fastify, webDist);
  // No live sockets on a restore check: their actions (choices, chat) would write.
  if (config.readOnly) fastify.realtime.io.use((_socket, next) => next(new Error(READ_ONLY_MESSAGE)));

  // Sockets close last, once every service that emits through them has stopped (their own
  // preClose hooks were added before this one; in a cluster the phones already moved to the
  // other processes, realtime's first hook); the database closes after the server (onClose).
  fastify.addHook('preClose', async () => {
    await fastify.realtime.close();
  });

  return {
    config,
    fastify,
    database: fastify.database,
    realtime: fastify.realtime,
    accounts: fastify.accounts,
    live: fastify.live,
    runner: fastify.runner,
    close: async () => {
      // No new connection first (idle keep-alive ones close too): a balancer sends the phones
      // that reconnect while the services stop to the other processes, not back to this one.
      if (fastify.server.listening) fastify.server.close();
      await fastify.close();
    },
  };
}
