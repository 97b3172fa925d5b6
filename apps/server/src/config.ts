import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], {
    error: 'expects true or false',
  })
  .transform((value) => ['true', '1', 'on', 'yes'].includes(value));

const urlWithProtocols = (protocols: string[]) =>
  z
    .url({ error: `expects a URL starting with ${protocols.join(' or ')}` })
    .refine((value) => protocols.some((protocol) => value.startsWith(protocol)), {
      error: `expects a URL starting with ${protocols.join(' or ')}`,
    });

const emailList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: 'expects a comma-separated list of email addresses' })));

const originList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z
        .url({ error: 'expects a comma-separated list of origins such as https://play.example.com' })
        .refine((value) => /^https?:\/\//.test(value) && new URL(value).origin === value.replace(/\/$/, ''), {
          error: 'expects a comma-separated list of origins such as https://play.example.com',
        })
        .transform((value) => new URL(value).origin),
    ),
  );

/** Every setting the server reads, validated once at start. Empty strings count as unset. */
const environmentSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'expects development, production or test',
    })
    .default('development'),
  PORT: z.coerce
    .number({ error: 'expects a port number from 0 to 65535' })
    .int({ error: 'expects a port number from 0 to 65535' })
    .min(0, { error: 'expects a port number from 0 to 65535' })
    .max(65535, { error: 'expects a port number from 0 to 65535' })
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: urlWithProtocols(['http://', 'https://']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlWithProtocols(['postgres://', 'postgresql://']).optional(),
  REDIS_URL: urlWithProtocols(['redis://', 'rediss://']).optional(),
  // Deployments (or test runs) sharing one Redis keep apart by prefix: docs/cluster.md.
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{0,64}$/, { error: 'expects up to 64 letters, digits or _ : . -' })
    .default(''),
  SMTP_URL: urlWithProtocols(['smtp://', 'smtps://']).optional(),
  MAIL_FROM: z.string().min(3).default('Ruthless <no-reply@ruthless.localhost>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ISSUER: urlWithProtocols(['http://', 'https://']).default('https://accounts.google.com'),
  ADMIN_EMAILS: emailList.default([]),
  VIDEO_ORIGINS: originList.default([]),
  EMBED_ORIGINS: originList.default([]),
  DEMO: booleanFlag.optional(),
  DEV_MAILBOX: booleanFlag.optional(),
  ALLOWED_ORIGINS: originList.default([]),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, { error: 'expects true, false or the number of proxies in front' })
    .transform((value) => (value === 'true' ? true : value === 'false' ? false : Number(value)))
    .default(false),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'expects one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Put before the realtime's Redis keys (the Socket.IO stream, sessions, socket limits). */
  redisPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  adminEmails: string[];
  demo: boolean;
  /** GET /dev/mailbox (never in production or behind a proxy; only to direct loopback clients). */
  devMailbox: boolean;
  /** Browser origins allowed besides PUBLIC_URL's (sockets and the auth endpoints). */
  allowedOrigins: string[];
  logLevel: string;
  /** Whether (or how many) proxies' X-Forwarded-For to believe for the client's address. */
  trustProxy: boolean | number;
  /** Origins the host video (HLS or files) may come from besides our own (the CSP allows them). */
  videoOrigins: string[];
  /** Origins that may embed preview mode (`/game/{id}?preview=1`) in a frame; none by default. */
  embedOrigins: string[];
}

/** Thrown with one line that names the variable and what it expects. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the configuration from an environment. `baseDir` resolves a relative DATA_DIR
 * (npm runs workspace scripts in the workspace folder, so the caller passes where the
 * user typed the command).
 */
export function loadConfig(env: Record<string, string | undefined>, baseDir = process.cwd()): Config {
  const present = Object.fromEntries(
    Object.keys(environmentSchema.shape)
      .map((key) => [key, env[key]?.trim()] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (got "${present[name]}")`);
  }
  const values = parsed.data;
  if (Boolean(values.GOOGLE_CLIENT_ID) !== Boolean(values.GOOGLE_CLIENT_SECRET)) {
    const missing = values.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
    throw new ConfigError(
      `Invalid configuration: ${missing} expects a value when the other Google setting is given`,
    );
  }
  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(baseDir, values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    redisPrefix: values.REDIS_PREFIX,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    google:
      values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
        ? {
            clientId: values.GOOGLE_CLIENT_ID,
            clientSecret: values.GOOGLE_CLIENT_SECRET,
            issuer: values.OIDC_ISSUER,
          }
        : undefined,
    adminEmails: values.ADMIN_EMAILS,
    // The demo's rooms and rolling schedule are on by default, except in production and tests.
    demo: values.DEMO ?? values.NODE_ENV === 'development',
    // Behind a proxy every client seems to come from the proxy's own address: no mailbox there.
    devMailbox:
      values.NODE_ENV !== 'production' && values.TRUST_PROXY === false && (values.DEV_MAILBOX ?? true),
    allowedOrigins: values.ALLOWED_ORIGINS,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    videoOrigins: values.VIDEO_ORIGINS,
    embedOrigins: values.EMBED_ORIGINS,
  };
}
