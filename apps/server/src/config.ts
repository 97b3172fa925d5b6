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

/** A whole number from `min` to `max`, with one message for every way of missing it. */
const wholeNumber = (min: number, max: number, error: string) =>
  z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });

/** Every setting the server reads, validated once at start. Empty strings count as unset. */
const environmentSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'expects development, production or test',
    })
    .default('development'),
  PORT: wholeNumber(0, 65535, 'expects a port number from 0 to 65535').default(3000),
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
  // How long a dropped connection can come back and be sent what it missed (Socket.IO's
  // connection state recovery); after that the app joins again from its last event.
  RECONNECT_WINDOW_SECONDS: wholeNumber(1, 3600, 'expects a number of seconds from 1 to 3600').default(120),
  // Past this audience a process's returning phones catch up from the database, sparing Redis
  // a range read each in a reconnect storm (realtime/recovery-gate.ts, docs/cluster.md).
  RECOVERY_MAX_VIEWERS: wholeNumber(
    0,
    1_000_000,
    'expects a number of connections from 0 to 1000000',
  ).default(1000),
  SMTP_URL: urlWithProtocols(['smtp://', 'smtps://']).optional(),
  MAIL_FROM: z.string().min(3).default('Ruthless <no-reply@ruthless.localhost>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ISSUER: urlWithProtocols(['http://', 'https://']).default('https://accounts.google.com'),
  ADMIN_EMAILS: emailList.default([]),
  VIDEO_ORIGINS: originList.default([]),
  EMBED_ORIGINS: originList.default([]),
  DEMO: booleanFlag.optional(),
  // The restore check (docs/operations.md, Back up and restore): reads only, no show runs.
  READ_ONLY: booleanFlag.default(false),
  DEV_MAILBOX: booleanFlag.optional(),
  ALLOWED_ORIGINS: originList.default([]),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, { error: 'expects true, false or the number of proxies in front' })
    .transform((value) => (value === 'true' ? true : value === 'false' ? false : Number(value)))
    .default(false),
  // Production's auth secret and the ones it replaced (docs/operations.md, Rotate secrets).
  AUTH_SECRET: z.string().optional(),
  AUTH_PREVIOUS_SECRETS: z.string().optional(),
  // Bearer token of /metrics and /api/docs; without it production answers them 404.
  METRICS_TOKEN: z.string().optional(),
  // Bearer token of /internal/backup (the whole embedded database): its own, so that whoever
  // scrapes the metrics cannot take a copy of every account. Without it, no backup route.
  BACKUP_TOKEN: z.string().optional(),
  // Bearer token of the streaming server's POST /api/streams/recordings; without it, no recordings.
  STREAM_HOOK_SECRET: z.string().optional(),
  // Web Push's VAPID key pair (`npx web-push generate-vapid-keys`): required in production, where
  // the browsers' subscriptions are bound to it; elsewhere generated into the database.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, { error: 'expects the 65-byte public key in base64url' })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'expects the 32-byte private key in base64url' })
    .optional(),
  // Who the push services may contact about our pushes: a mailto: or https: address.
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { error: 'expects a mailto: or https:// address' })
    .optional(),
  // Push services besides the browsers' own (tests run one locally): origins the server may send to.
  PUSH_SERVICE_ORIGINS: originList.default([]),
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
  /** How long (ms) a dropped socket connection is recovered with what it missed. */
  reconnectWindowMs: number;
  /** Above this many connections in the window, a process recovers no session (catch-up by join). */
  recoveryMaxViewers: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  adminEmails: string[];
  demo: boolean;
  /**
   * A restore check: the server answers reads and runs nothing that writes or speaks to players
   * (no automatic host, so no show on air resumes; no reminder mails, no demo, no live figures,
   * no sockets, every other method than GET and HEAD refused).
   */
  readOnly: boolean;
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
  /**
   * AUTH_SECRET, the secret Better Auth signs cookies and encrypts signing keys with, then the
   * previous ones still accepted for reading; undefined outside production when unset (the
   * server then generates one into the database).
   */
  authSecrets: string[] | undefined;
  /** The bearer token /metrics and /api/docs ask for; open without one outside production. */
  metricsToken: string | undefined;
  /** The bearer token /internal/backup asks for; undefined: that route answers 404. */
  backupToken: string | undefined;
  /**
   * The bearer token of the streaming server telling us of a recording (docs/live-streaming.md,
   * Recording for the replay); undefined: recordings are off and that route answers 404.
   */
  streamHookSecret: string | undefined;
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; undefined outside production when unset (generated). */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Who push services may contact (VAPID's `sub`): VAPID_SUBJECT, else a mailto: at PUBLIC_URL's host. */
  vapidSubject: string;
  /** Origins of push services the server sends to besides the browsers' (push/push-services.ts). */
  pushServiceOrigins: string[];
}

/** 32 bytes of randomness: what `openssl rand -base64 32` (or `-hex 32`) prints. */
const SECRET_BITS = 256;
const SECRET_HINT = 'at least 32 random bytes, such as the output of `openssl rand -base64 32`';

/**
 * Whether `secret` can hold 256 bits: its length times the bits of its alphabet (hex 4, anything
 * else 6), and enough different characters that it is no word or pattern.
 */
export function isStrongSecret(secret: string): boolean {
  const bitsPerCharacter = /^[0-9a-f]+$/i.test(secret) ? 4 : 6;
  return secret.length * bitsPerCharacter >= SECRET_BITS && new Set(secret).size >= 10;
}

const secretList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean);

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
    // One line per variable, every one at once: an operator fixes them all in one go.
    const named = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      if (!named.has(name)) named.set(name, `${name} ${issue.message} (got "${present[name]}")`);
    }
    throw invalid([...named.values()]);
  }
  const values = parsed.data;
  const problems: string[] = [];
  if (Boolean(values.GOOGLE_CLIENT_ID) !== Boolean(values.GOOGLE_CLIENT_SECRET)) {
    const missing = values.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
    problems.push(`${missing} expects a value when the other Google setting is given`);
  }
  const authSecrets = values.AUTH_SECRET
    ? [values.AUTH_SECRET, ...secretList(values.AUTH_PREVIOUS_SECRETS)]
    : undefined;
  if (values.AUTH_SECRET && !isStrongSecret(values.AUTH_SECRET)) {
    problems.push(`AUTH_SECRET expects ${SECRET_HINT}`);
  }
  // A previous secret still opens what it signed: one weak one is as bad as a weak AUTH_SECRET.
  if (secretList(values.AUTH_PREVIOUS_SECRETS).some((secret) => !isStrongSecret(secret))) {
    problems.push(`AUTH_PREVIOUS_SECRETS expects each secret (comma-separated) to be ${SECRET_HINT}`);
  }
  if (values.METRICS_TOKEN && !isStrongSecret(values.METRICS_TOKEN)) {
    problems.push(`METRICS_TOKEN expects ${SECRET_HINT}`);
  }
  if (values.BACKUP_TOKEN && !isStrongSecret(values.BACKUP_TOKEN)) {
    problems.push(`BACKUP_TOKEN expects ${SECRET_HINT}`);
  }
  if (values.BACKUP_TOKEN && values.BACKUP_TOKEN === values.METRICS_TOKEN) {
    problems.push('BACKUP_TOKEN expects a secret of its own, not METRICS_TOKEN');
  }
  if (values.STREAM_HOOK_SECRET && !isStrongSecret(values.STREAM_HOOK_SECRET)) {
    problems.push(`STREAM_HOOK_SECRET expects ${SECRET_HINT}`);
  }
  if (Boolean(values.VAPID_PUBLIC_KEY) !== Boolean(values.VAPID_PRIVATE_KEY)) {
    const missing = values.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    problems.push(`${missing} expects a value when the other VAPID key is given`);
  }
  if (values.NODE_ENV === 'production') problems.push(...productionProblems(values));
  if (problems.length > 0) throw invalid(problems);
  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(baseDir, values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    redisPrefix: values.REDIS_PREFIX,
    reconnectWindowMs: values.RECONNECT_WINDOW_SECONDS * 1000,
    recoveryMaxViewers: values.RECOVERY_MAX_VIEWERS,
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
    demo: !values.READ_ONLY && (values.DEMO ?? values.NODE_ENV === 'development'),
    readOnly: values.READ_ONLY,
    // Behind a proxy every client seems to come from the proxy's own address: no mailbox there.
    devMailbox:
      values.NODE_ENV !== 'production' && values.TRUST_PROXY === false && (values.DEV_MAILBOX ?? true),
    allowedOrigins: values.ALLOWED_ORIGINS,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    videoOrigins: values.VIDEO_ORIGINS,
    embedOrigins: values.EMBED_ORIGINS,
    authSecrets,
    metricsToken: values.METRICS_TOKEN,
    backupToken: values.BACKUP_TOKEN,
    streamHookSecret: values.STREAM_HOOK_SECRET,
    vapidKeys:
      values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY
        ? { publicKey: values.VAPID_PUBLIC_KEY, privateKey: values.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject:
      values.VAPID_SUBJECT ??
      `mailto:push@${new URL(values.PUBLIC_URL ?? 'http://localhost').hostname.replace(/^localhost$/, 'ruthless.localhost')}`,
    pushServiceOrigins: values.PUSH_SERVICE_ORIGINS,
  };
}

function invalid(problems: string[]): ConfigError {
  return new ConfigError(problems.map((problem) => `Invalid configuration: ${problem}`).join('\n'));
}

/** What production refuses: settings that are fine on a laptop and unsafe on the internet. */
function productionProblems(values: z.infer<typeof environmentSchema>): string[] {
  const problems: string[] = [];
  if (!values.AUTH_SECRET) problems.push(`AUTH_SECRET is required in production: ${SECRET_HINT}`);
  if (!values.PUBLIC_URL?.startsWith('https://')) {
    problems.push(
      values.PUBLIC_URL
        ? `PUBLIC_URL expects an https:// address in production (got "${values.PUBLIC_URL}")`
        : 'PUBLIC_URL is required in production: the https:// address players open',
    );
  }
  if (!values.SMTP_URL) {
    problems.push('SMTP_URL is required in production: password reset mails need a mail server');
  }
  if (!values.VAPID_PUBLIC_KEY || !values.VAPID_PRIVATE_KEY) {
    problems.push(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production: `npx web-push generate-vapid-keys` makes a pair',
    );
  }
  if (values.DEMO) problems.push('DEMO must be off in production: it fills the database with demo rooms');
  if (values.DEV_MAILBOX) {
    problems.push('DEV_MAILBOX must be off in production: it shows reset codes to whoever asks');
  }
  return problems;
}

/**
 * The configuration of this process's environment, or one line naming the bad setting and exit 1
 * (the server and `npm run migrate` start alike). npm runs workspace scripts inside the
 * workspace; INIT_CWD is where the user typed the command.
 */
export function processConfigOrExit(): Config {
  try {
    return loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
