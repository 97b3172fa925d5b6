/**
 * The server test files (of apps/server/test/) that .ci/run runs a second time, on PostgreSQL
 * and Redis (`SERVER_TESTS=postgres-pass`, read by vitest.config.ts), each with why its answer
 * can differ there: SQL written by hand (a repository's statements, the migrations and their
 * functions), locks and concurrency (PGlite serves one connection at a time), Redis (the realtime
 * adapter, rate limits, sessions, host intents), several processes, the compiled server in each
 * configuration, the deploy recipe. The first pass (PGlite, `npm test`) runs every file.
 *
 * Left out, because nothing they assert reaches the database or Redis in a way that differs:
 * config.test.ts (environment parsing), auth/google.test.ts and auth/identity-verifier.test.ts
 * (the OpenID Connect trip and token checks), chat/chat-sample.test.ts, db/grouped-calls.test.ts,
 * db/shared-reads.test.ts and live/game-runner.test.ts (in-process logic on fake timers),
 * deploy/observability.test.ts and deploy/systemd-units.test.ts (files of the recipe),
 * mail/mail.test.ts, plugins/external/security-headers.test.ts, rooms/stitched-gzip.test.ts,
 * routes/api/vitals.test.ts, main.test.ts (its process is given the embedded database whatever
 * the pass), realtime/first-request.test.ts (HTTP and engine.io, before any adapter),
 * fuzz/socket-fuzz.test.ts and routes/api-fuzz.test.ts (bad input refused before it reaches a
 * repository; the repositories' statements are run here by their feature's tests).
 *
 * test/postgres-pass.test.ts fails when a test file that reaches SQL or Redis directly is in
 * neither list below, or a listed file does not exist.
 */
export const POSTGRES_PASS: Record<string, string> = {
  'app.test.ts': "/health reports the database's kind and Redis",
  'push/push.test.ts': "the push repository's SQL: each push claimed once across racing processes",
  'production/production.test.ts': 'a production server on a scratch PostgreSQL database',
  'demo/demo.test.ts': 'the demo schedule written and read with SQL',
  'analytics/analytics.test.ts': "the analytics repository's aggregate SQL",
  'auth/auth.test.ts': "accounts and sessions (Better Auth's tables, the auth repository's SQL)",
  'auth/rate-limit.test.ts': 'rate limits are counted in Redis when it is configured',
  'auth/reset.test.ts': 'reset codes read and spent with SQL of its own',
  'auth/token-cutoffs.test.ts': 'token cut-offs written and read with SQL',
  'chat/chat.test.ts': 'the chat repository, mutes across processes, the rate limit in Redis',
  'cluster/chat.test.ts':
    "a show's chat batched by its runner for viewers on every process, across a handover",
  'cluster/failover.test.ts': 'two processes, a lease taken over (PostgreSQL + Redis only)',
  'cluster/realtime.test.ts': 'fan-out and recovery through Redis across processes',
  'cluster/reconnect-storm.test.ts': 'a storm past the recovery limit: no range read of the Redis stream',
  'cluster/rolling-restart.test.ts': 'both processes rolled during a draw',
  'compiled/compiled-server.test.ts': 'the compiled server on PostgreSQL, with Redis, and behind nginx',
  'db/migrations.test.ts': 'every migration applied to an empty PostgreSQL, and the migration lock',
  'db/lost-connection.test.ts':
    'a PostgreSQL connection ended while the app holds it (the pool is PostgreSQL only)',
  'db/stages-check.test.ts': "a migration's check constraint on a scratch database",
  'deploy/backup.test.ts': "pg_dump and pg_restore of a PostgreSQL (the recipe's backup)",
  'deploy/nginx-site.test.ts': "the recipe's nginx site before two production processes",
  'deploy/runbook.test.ts': "docs/operations.md's commands, run on PostgreSQL and Redis as a deployment's",
  'invites/invites.test.ts': "the invites repository's SQL: a code made once, each invitee counted once",
  'live/green-room-rollover.test.ts': 'the all-steal rollover moved under a row lock',
  'live/live-restart.test.ts': 'a runner resumed from the stored events on a scratch database',
  'live/live-show.test.ts': "the runner's lease and events, broadcast through the adapter",
  'live/live-stream.test.ts': 'recordings stored for the replay',
  'live/player-names.test.ts': 'names across two processes (Redis)',
  'live/runner-scan.test.ts': "the runner's scan, green rooms read from the timings' JSON in SQL",
  'live/restore-check.test.ts': 'a copy of a database with a show on air, started read-only, then live',
  'plugins/busy-database.test.ts': "PostgreSQL's pool when it is exhausted",
  'plugins/closed-redis.test.ts': 'a command on a Redis client that has closed (Redis only)',
  'realtime/direct-frames.test.ts': 'broadcast frames through the Redis adapter',
  'realtime/phones.test.ts': "the phones' door, whose messages go through Redis",
  'realtime/session-writes.test.ts': "the streams adapter's dropped sessions saved in Redis",
  'replay/replay.test.ts': "a show's stored events read back for watching again",
  'replay/stream-recordings.test.ts': 'recordings written with SQL',
  'routes/api/host.test.ts': "the host's rooms, games and audit (SQL of their own)",
  'routes/api/my-shows.test.ts': "a player's shows and winnings (SQL of its own)",
  'routes/api/operator.test.ts': "the profile repository's SQL",
  'routes/api/rooms.test.ts': "the rooms and games repositories' SQL",
  'routes/api/tickets.test.ts': 'claims dealt by the database function (migrations 0019, 0020)',
  'routes/dot-segments.test.ts': 'what a path reached is read from the database',
  'routes/log-levels.test.ts': 'log lines of database errors',
  'safety/break-outlives-account.test.ts':
    'breaks kept past a deleted account and given back with SQL under an advisory lock',
  'safety/delete-account.test.ts': 'an account deleted with SQL across its tables',
  'safety/marketing-consent.test.ts': "the marketing repository's SQL",
  'safety/my-data.test.ts': "the data download's SQL",
  'safety/reality-checks.test.ts': "the reality checks' SQL",
  'safety/reminders.test.ts': "the reminders' SQL",
  'safety/take-a-break.test.ts': 'breaks under an advisory lock',
  'security.test.ts': 'lockouts and reset codes with SQL',
  'tickets/claim-groups.test.ts': "the deal's statement (migration 0020) with its checks",
  'tickets/claims-concurrency.test.ts': 'a rush of claims on many connections, never over the pool',
  'tickets/sub-pools.test.ts': "the sub-pools' triggers and SQL (migration 0027): fallback, resize",
};

/**
 * Files that reach a PostgreSQL or Redis of their own whatever the pass: the same test twice, so
 * they run once, in `npm test`.
 */
export const OWN_SERVERS_ONCE: Record<string, string> = {
  'faults/dependency-restart.test.ts': 'starts, stops and restarts a PostgreSQL and a Redis of its own',
};
