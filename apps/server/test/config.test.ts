import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

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
      google: undefined,
      adminEmails: [],
      demo: true,
      logLevel: 'info',
      trustProxy: false,
    });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ REDIS_PREFIX: 'staging:' }).redisPrefix).toBe('staging:');
    expect(() => loadConfig({ REDIS_PREFIX: 'two words' })).toThrow(/REDIS_PREFIX/);
  });

  it('turns the demo off by default in production and reads explicit flags', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO: 'on' }).demo).toBe(true);
    expect(loadConfig({ DEMO: 'false' }).demo).toBe(false);
  });

  it('keeps the dev mailbox out of production and reads the extra origins', () => {
    expect(loadConfig({}).devMailbox).toBe(true);
    expect(loadConfig({ DEV_MAILBOX: 'false' }).devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'true' }).devMailbox).toBe(false);
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
