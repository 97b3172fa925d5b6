import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, isStrongSecret, loadConfig } from '../src/config';
import { vapidKeyEnv } from './support/test-app';

/** What `openssl rand -base64 32` prints. */
const SECRET = 'q3Zt0cXo8m1rVb6yLk2sWd9uHf4nJe7aPg5iTx0Cw+M=';
/** Everything production requires, well set. */
const PRODUCTION = {
  NODE_ENV: 'production',
  AUTH_SECRET: SECRET,
  PUBLIC_URL: 'https://ruthless.example',
  SMTP_URL: 'smtp://mail.example:587',
  ...vapidKeyEnv(),
};

describe('configuration', () => {
  it('starts with sensible defaults on an empty environment', () => {
    const config = loadConfig({}, '/srv/ruthless');
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('/srv/ruthless/data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      redisPrefix: '',
      reconnectWindowMs: 120_000,
      recoveryMaxViewers: 1000,
      google: undefined,
      adminEmails: [],
      demo: true,
      logLevel: 'info',
      trustProxy: false,
    });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ REDIS_PREFIX: 'staging:' }).redisPrefix).toBe('staging:');
    expect(() => loadConfig({ REDIS_PREFIX: 'two words' })).toThrow(/REDIS_PREFIX/);
    expect(loadConfig({ RECONNECT_WINDOW_SECONDS: '30' }).reconnectWindowMs).toBe(30_000);
    expect(() => loadConfig({ RECONNECT_WINDOW_SECONDS: '0' })).toThrow(
      /RECONNECT_WINDOW_SECONDS.*expects a number of seconds from 1 to 3600/,
    );
    expect(loadConfig({ RECOVERY_MAX_VIEWERS: '0' }).recoveryMaxViewers).toBe(0);
    expect(() => loadConfig({ RECOVERY_MAX_VIEWERS: 'many' })).toThrow(
      /RECOVERY_MAX_VIEWERS.*expects a number of connections from 0 to 1000000/,
    );
  });

  it('turns the demo off by default in production and reads explicit flags', () => {
    expect(loadConfig(PRODUCTION).demo).toBe(false);
    expect(loadConfig({ DEMO: 'false' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', DEMO: 'on' }).demo).toBe(true);
  });

  it('keeps the dev mailbox out of production and reads the extra origins', () => {
    expect(loadConfig({}).devMailbox).toBe(true);
    expect(loadConfig({ DEV_MAILBOX: 'false' }).devMailbox).toBe(false);
    expect(loadConfig(PRODUCTION).devMailbox).toBe(false);
    expect(loadConfig({}).allowedOrigins).toEqual([]);
    expect(
      loadConfig({ ALLOWED_ORIGINS: ' https://play.example.com, http://localhost:5173 ,' }).allowedOrigins,
    ).toEqual(['https://play.example.com', 'http://localhost:5173']);
  });

  it('parses admin emails and the Google pair', () => {
    const config = loadConfig({
      ADMIN_EMAILS: ' Host@Example.com, ops@example.com ,',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      OIDC_ISSUER: 'http://127.0.0.1:9000',
      PUBLIC_URL: 'https://ruthless.example/',
    });
    expect(config.adminEmails).toEqual(['host@example.com', 'ops@example.com']);
    expect(config.google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'http://127.0.0.1:9000',
    });
    expect(config.publicUrl).toBe('https://ruthless.example');
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT expects a port number from 0 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT expects a port number from 0 to 65535 (got "70000")'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid configuration: DATABASE_URL expects a URL starting with postgres:// or postgresql:// (got "mysql://x")',
    ],
    [
      { REDIS_URL: 'localhost:6379' },
      'Invalid configuration: REDIS_URL expects a URL starting with redis:// or rediss:// (got "localhost:6379")',
    ],
    [{ DEMO: 'maybe' }, 'Invalid configuration: DEMO expects true or false (got "maybe")'],
    [
      { ADMIN_EMAILS: 'host@example.com,not-an-email' },
      'Invalid configuration: ADMIN_EMAILS expects a comma-separated list of email addresses (got "host@example.com,not-an-email")',
    ],
    [
      { TRUST_PROXY: 'yes please' },
      'Invalid configuration: TRUST_PROXY expects true, false or the number of proxies in front (got "yes please")',
    ],
    [
      { ALLOWED_ORIGINS: 'https://play.example.com/path' },
      'Invalid configuration: ALLOWED_ORIGINS expects a comma-separated list of origins such as https://play.example.com (got "https://play.example.com/path")',
    ],
    [
      { NODE_ENV: 'staging' },
      'Invalid configuration: NODE_ENV expects development, production or test (got "staging")',
    ],
    [
      { GOOGLE_CLIENT_ID: 'id' },
      'Invalid configuration: GOOGLE_CLIENT_SECRET expects a value when the other Google setting is given',
    ],
  ])('refuses %o with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });

  it('lists every invalid variable, one line each', () => {
    expect(() => loadConfig({ PORT: 'abc', DEMO: 'maybe' })).toThrow(
      new ConfigError(
        'Invalid configuration: PORT expects a port number from 0 to 65535 (got "abc")\n' +
          'Invalid configuration: DEMO expects true or false (got "maybe")',
      ),
    );
  });

  it('starts in production with a strong secret, https, a mail server and the demo off', () => {
    const [older, oldest] = [randomBytes(32).toString('base64'), randomBytes(32).toString('hex')];
    const config = loadConfig({ ...PRODUCTION, AUTH_PREVIOUS_SECRETS: ` ${older} , ${oldest},` });
    expect(config).toMatchObject({ nodeEnv: 'production', demo: false, devMailbox: false });
    expect(config.authSecrets).toEqual([SECRET, older, oldest]);
    expect(loadConfig({}).authSecrets).toBeUndefined();
  });

  it('refuses an unsafe production, one line per problem', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO: 'true', DEV_MAILBOX: 'on' })).toThrow(
      new ConfigError(
        [
          'AUTH_SECRET is required in production: at least 32 random bytes, such as the output of `openssl rand -base64 32`',
          'PUBLIC_URL is required in production: the https:// address players open',
          'SMTP_URL is required in production: password reset mails need a mail server',
          'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production: `npx web-push generate-vapid-keys` makes a pair',
          'DEMO must be off in production: it fills the database with demo rooms',
          'DEV_MAILBOX must be off in production: it shows reset codes to whoever asks',
        ]
          .map((line) => `Invalid configuration: ${line}`)
          .join('\n'),
      ),
    );
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL: 'http://ruthless.example' })).toThrow(
      new ConfigError(
        'Invalid configuration: PUBLIC_URL expects an https:// address in production (got "http://ruthless.example")',
      ),
    );
  });

  it.each([
    ['a word', 'correct-horse-battery-staple'],
    ['a repeated character', 'a'.repeat(64)],
    ['16 bytes of hex', '9f86d081884c7d659a2feaa0c55ad015'],
    ['a short pattern', 'abcabcabcabcabcabcabcabcabcabcabcabcabcabcabc'],
  ])(
    'refuses %s as AUTH_SECRET, a previous one, METRICS_TOKEN, BACKUP_TOKEN or STREAM_HOOK_SECRET, in any environment',
    (_kind, weak) => {
      expect(isStrongSecret(weak)).toBe(false);
      expect(() => loadConfig({ ...PRODUCTION, AUTH_SECRET: weak })).toThrow(
        new ConfigError(
          'Invalid configuration: AUTH_SECRET expects at least 32 random bytes, such as the output of `openssl rand -base64 32`',
        ),
      );
      expect(() => loadConfig({ METRICS_TOKEN: weak })).toThrow(
        /METRICS_TOKEN expects at least 32 random bytes/,
      );
      expect(() => loadConfig({ STREAM_HOOK_SECRET: weak })).toThrow(
        /STREAM_HOOK_SECRET expects at least 32 random bytes/,
      );
      expect(() => loadConfig({ BACKUP_TOKEN: weak })).toThrow(
        /BACKUP_TOKEN expects at least 32 random bytes/,
      );
      // A previous auth secret still verifies what it signed: refused like AUTH_SECRET, even one of several.
      expect(() =>
        loadConfig({
          ...PRODUCTION,
          AUTH_PREVIOUS_SECRETS: `${randomBytes(32).toString('base64')}, ${weak}`,
        }),
      ).toThrow(
        new ConfigError(
          'Invalid configuration: AUTH_PREVIOUS_SECRETS expects each secret (comma-separated) to be at least 32 random bytes, such as the output of `openssl rand -base64 32`',
        ),
      );
    },
  );

  it('keeps the backup token apart from the metrics token', () => {
    const [metrics, backup] = [randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url')];
    expect(() => loadConfig({ ...PRODUCTION, METRICS_TOKEN: metrics, BACKUP_TOKEN: metrics })).toThrow(
      new ConfigError('Invalid configuration: BACKUP_TOKEN expects a secret of its own, not METRICS_TOKEN'),
    );
    expect(loadConfig({ ...PRODUCTION, METRICS_TOKEN: metrics, BACKUP_TOKEN: backup })).toMatchObject({
      metricsToken: metrics,
      backupToken: backup,
    });
  });

  it('accepts 32 random bytes in base64 or hex', () => {
    expect(isStrongSecret(SECRET)).toBe(true);
    expect(isStrongSecret('5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8')).toBe(true);
  });

  it('stops a production server that is not safe with every problem and a failing exit code', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PUBLIC_URL: 'http://ruthless.example' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Invalid configuration: AUTH_SECRET is required in production: at least 32 random bytes, such as the output of `openssl rand -base64 32`',
      'Invalid configuration: PUBLIC_URL expects an https:// address in production (got "http://ruthless.example")',
      'Invalid configuration: SMTP_URL is required in production: password reset mails need a mail server',
      'Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production: `npx web-push generate-vapid-keys` makes a pair',
    ]);
  });

  it('stops the server at start with that one line and a failing exit code', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Invalid configuration: PORT expects a port number from 0 to 65535 (got "not-a-port")',
    );
  });
});
