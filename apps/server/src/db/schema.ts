import { LUCKY_FATE_MODES, STAGES } from '@ruthless/game';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  boolean,
  primaryKey,
  date,
} from 'drizzle-orm/pg-core';

/** A channel with a name, an image, a theme and a schedule of games (docs/game-rules.md "Room"). */
export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operator: text('operator').notNull().default('enlivon'),
    name: text('name').notNull(),
    image: text('image').notNull(),
    theme: text('theme').notNull().default('DEFAULT'),
    /** Demo rooms get a rolling schedule kept 24 hours ahead. */
    isDemo: boolean('is_demo').notNull().default(false),
    /** Archived rooms leave the lobby; their games stay for the results. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /**
     * An all-steal pot no game of the room could take yet (every other game had begun): the next
     * game inserted in the room takes it (the games_take_room_rollover trigger).
     */
    rolloverPence: integer('rollover_pence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('rooms_theme_check', sql`${table.theme} in ('RED', 'GOLD', 'GREEN', 'DEFAULT')`),
    uniqueIndex('rooms_operator_name_key').on(table.operator, table.name),
  ],
);

/** One show in a room (docs/game-rules.md "Game"). Prizes are in pence. */
export const games = pgTable(
  'games',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    /** The column keeps the wire's name (`state`); inside, the engine's word: the stage. */
    stage: text('state', { enum: STAGES }).notNull().default('scheduled'),
    maxTickets: integer('max_tickets').notNull(),
    ticketsAvailable: integer('tickets_available').notNull(),
    /** Tickets ever dealt, over all its sub-pools (indexes are never reused). */
    ticketsDealt: integer('tickets_dealt').notNull().default(0),
    /**
     * How many sub-pools deal its tickets at once (`ticket_pools`, docs/tickets.md "Sub-pools"):
     * 1, 2, 4 or 8, fixed when it is inserted; 0 there takes the count from its maxTickets.
     */
    ticketPools: integer('ticket_pools').notNull().default(0),
    /** The seq of the game's last stored event. */
    eventSeq: integer('event_seq').notNull().default(0),
    /** Pence carried into this game's full house from an all-steal game in the room. */
    rolloverPence: integer('rollover_pence').notNull().default(0),
    /** The process driving the live game, and until when its lease holds. */
    runnerId: text('runner_id'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    luckyFateMode: text('lucky_fate_mode', { enum: LUCKY_FATE_MODES }).notNull(),
    prizeOneLine: integer('prize_one_line').notNull(),
    prizeTwoLines: integer('prize_two_lines').notNull(),
    prizeFullHouse: integer('prize_full_house').notNull(),
    /** The secret 32-byte seed (hex); published only when the game ends. */
    seedHex: text('seed_hex').notNull(),
    /** SHA-256 of the seed, published with the game. */
    commitment: text('commitment').notNull(),
    /** Stage timings in ms; absent keys take docs/game-rules.md's defaults. */
    timings: jsonb('timings').$type<Record<string, number>>().notNull().default({}),
    videoSource: text('video_source'),
    /**
     * The recording of the live stream the show was played with (docs/live-streaming.md,
     * Recording for the replay), and when it started: the replay seeks it on the show's clock.
     */
    recordingUrl: text('recording_url'),
    recordingStartedAt: timestamp('recording_started_at', { withTimezone: true }),
    /** The players' names as they were when the game ended: its results keep them. */
    resultNames: jsonb('result_names').$type<Record<string, string>>(),
    /** When the game ended: the lobby keeps it listed with its results for a while. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('games_tickets_check', sql`${table.ticketsAvailable} between 0 and ${table.maxTickets}`),
    check('games_ticket_pools_check', sql`${table.ticketPools} in (1, 2, 4, 8)`),
    check('games_lucky_fate_mode_check', sql`${table.luckyFateMode} in ('pre-game', 'in-game')`),
    // The engine's stages; a new stage needs a migration (test/db/stages-check.test.ts compares them).
    check(
      'games_state_check',
      sql`${table.stage} in (${sql.raw(STAGES.map((stage) => `'${stage}'`).join(', '))})`,
    ),
    // One game per room per start time: keeps the rolling schedule idempotent across processes.
    uniqueIndex('games_room_start_key').on(table.roomId, table.startTime),
    index('games_start_time_idx').on(table.startTime),
  ],
);

/** Every mutating /api/host request: who, what, on what, when and how it ended. */
export const hostAudit = pgTable(
  'host_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id'),
    userEmail: text('user_email'),
    /** The route's action, e.g. 'POST /api/host/games/:gameUuid/start'. */
    action: text('action').notNull(),
    roomId: uuid('room_id'),
    gameId: uuid('game_id'),
    /** Any other id the route names (a message, a player). */
    targetId: text('target_id'),
    statusCode: integer('status_code').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('host_audit_room_idx').on(table.roomId, table.at),
    index('host_audit_game_idx').on(table.gameId, table.at),
    index('host_audit_at_idx').on(table.at),
  ],
);

// ---- Accounts (Better Auth's tables, written by hand: its CLI does not run on Node 20) ----
// Better Auth reads and writes these through its Drizzle adapter under the model names
// user, session, account, verification and jwks (see src/auth/auth.ts).

/** A person who can sign in; `id` is the player uuid carried as `sub` in identity tokens. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A signed-in browser: the session cookie holds `token`. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/** How a user signs in: provider 'credential' holds the argon2id hash, 'google' the OIDC link. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

/** Single-use codes (password reset, OAuth state); identifiers are stored hashed. */
export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/** Signing keys of identity tokens; the private key is encrypted with the auth secret. */
export const jwks = pgTable('jwks', {
  id: uuid('id').primaryKey().defaultRandom(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  alg: text('alg'),
  crv: text('crv'),
});

/** Secrets the server generates once and every process shares (the auth secret). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters of the rate limits, when Redis is not configured. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

/**
 * The time before which a user's identity tokens are refused (a password reset): each process
 * caches it for a few seconds (auth/token-cutoffs.ts). A user without a row has no cut-off.
 */
export const tokenCutoffs = pgTable('token_cutoffs', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  validAfter: timestamp('valid_after', { withTimezone: true }).notNull(),
});

/**
 * Sessions signed out (auth/token-cutoffs.ts): their identity tokens are refused everywhere at
 * once, the user's other sessions go on. Kept while such a token could still be unexpired.
 */
export const endedSessions = pgTable(
  'ended_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('ended_sessions_user_idx').on(table.userId),
    index('ended_sessions_ended_idx').on(table.endedAt),
  ],
);

/** A user registered with an operator, with the settings of docs/player-app.md (State kept by the app) ("User settings"). */
export const playerProfiles = pgTable(
  'player_profiles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    operator: text('operator').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    alias: text('alias'),
    /** The alias's confusable skeleton (profile/alias-skeleton.ts): look-alike names share one. */
    aliasSkeleton: text('alias_skeleton'),
    /** E.164. */
    phoneNumber: text('phone_number'),
    defaultChoice: text('default_choice'),
    dobDay: integer('dob_day'),
    dobMonth: integer('dob_month'),
    dobYear: integer('dob_year'),
    marketingAccepted: boolean('marketing_accepted'),
    /** Minutes between reality checks (15 to 120); null: off (docs/player-app.md, "Reality checks"). */
    realityCheckMinutes: integer('reality_check_minutes').default(60),
    /** An email 10 minutes before every show the player claims (safety/reminders.service.ts). */
    remindEveryShow: boolean('remind_every_show').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.operator] }),
    // Chat names are unique per operator whatever their case.
    uniqueIndex('player_profiles_operator_alias_key').on(table.operator, sql`lower(${table.alias})`),
    // Not unique: names that look alike from before the skeleton was kept keep working.
    index('player_profiles_operator_alias_skeleton_idx').on(table.operator, table.aliasSkeleton),
    check(
      'player_profiles_reality_check_minutes_check',
      sql`${table.realityCheckMinutes} is null or ${table.realityCheckMinutes} between 15 and 120`,
    ),
    check(
      'player_profiles_default_choice_check',
      sql`${table.defaultChoice} is null or ${table.defaultChoice} in ('share', 'steal')`,
    ),
  ],
);

/** Mail kept in the database when no SMTP_URL is set, shown at /dev/mailbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_created_at_idx').on(table.createdAt)],
);

/**
 * One player's ticket for one game (docs/game-rules.md "Ticket"): ticket number `ticket_index` of the game's
 * strips, dealt from its seed. One per player per game, enforced here.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The ticket's numbers are ticketAt(game seed, ticketIndex), dealt again on every read. */
    ticketIndex: integer('ticket_index').notNull(),
    /** The face-down lucky-fate card picked (0..2); null until picked in an in-game game. */
    luckyFatePick: integer('lucky_fate_pick'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the game was cancelled and the ticket given back. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('tickets_game_player_key').on(table.gameId, table.playerId),
    uniqueIndex('tickets_game_index_key').on(table.gameId, table.ticketIndex),
    index('tickets_player_idx').on(table.playerId),
    check('tickets_lucky_fate_pick_check', sql`${table.luckyFatePick} between 0 and 2`),
  ],
);

/**
 * A game's pool split into sub-pools, each dealing its own stream of ticket indexes under its own
 * row lock (docs/tickets.md "Sub-pools"): strip s of six goes to sub-pool s % ticket_pools. Its
 * rows add up to the game's counters (tickets_available, tickets_dealt), which the same deal
 * updates last. Rows are made by the games' triggers (migration 0027).
 */
export const ticketPools = pgTable(
  'ticket_pools',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    pool: integer('pool').notNull(),
    ticketsLeft: integer('tickets_left').notNull(),
    ticketsDealt: integer('tickets_dealt').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.gameId, table.pool] }),
    check('ticket_pools_left_check', sql`${table.ticketsLeft} >= 0`),
  ],
);

/**
 * The append-only log of a game (event sourcing): its state is the engine's reducer over these,
 * in seq order. `event` is the engine's GameEvent, `at` included.
 */
export const gameEvents = pgTable(
  'game_events',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    event: jsonb('event').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.seq] })],
);

/** What each player won in a game, in pence, stored when the game ends. */
export const payouts = pgTable(
  'payouts',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pence: integer('pence').notNull(),
    /**
     * Whether the player was watching when the results were given (null until the process that
     * ended the game asked the sockets): a winner who was not gets a "you won" push.
     */
    watchedResults: boolean('watched_results'),
  },
  (table) => [
    primaryKey({ columns: [table.gameId, table.playerId] }),
    index('payouts_player_idx').on(table.playerId),
  ],
);

/**
 * Chat messages of a game (docs/chat.md); `seq` counts per game. Deleted ones are kept, hidden.
 * The chat tables name their game without a foreign key on purpose: a key check share-locks the
 * games row, which would queue every message behind (and every ball call behind) the game's
 * row lock (LiveRepository.withGameLocked). Games are never deleted while they have a chat.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gameId: uuid('game_id').notNull(),
    seq: integer('seq').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Trimmed and profanity-masked, as shown. */
    text: text('text').notNull(),
    fromHost: boolean('from_host').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('chat_messages_game_seq_key').on(table.gameId, table.seq),
    index('chat_messages_player_idx').on(table.playerId),
  ],
);

/** The last chat seq handed out per game: one row lock numbers messages from every process. */
export const chatSequences = pgTable('chat_sequences', {
  gameId: uuid('game_id').primaryKey(),
  seq: integer('seq').notNull(),
});

/**
 * The last chat seq the game's runner sent to the phones (docs/chat.md, Delivery): a runner
 * taking the game over sends from here, so nothing stored is skipped across a handover. A table
 * of its own, not a column of chat_sequences, whose row lock every message takes.
 */
export const chatSent = pgTable('chat_sent', {
  gameId: uuid('game_id').primaryKey(),
  seq: integer('seq').notNull(),
});

/** Players a host muted for one game. */
export const chatMutes = pgTable(
  'chat_mutes',
  {
    gameId: uuid('game_id').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedBy: uuid('muted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.playerId] })],
);

/**
 * Breaks and self-exclusions a player took (docs/player-app.md, "Take a break"). Rows are never
 * changed nor deleted before they end: the one ending last is in force, so none can be shortened.
 */
export const playBreaks = pgTable(
  'play_breaks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('play_breaks_user_ends_idx').on(table.userId, table.endsAt),
    index('play_breaks_ends_idx').on(table.endsAt),
    check('play_breaks_kind_check', sql`${table.kind} in ('break', 'self-exclusion')`),
  ],
);

/**
 * A break or self-exclusion that outlives its account (docs/player-app.md, "Take a break"):
 * written when an account is deleted during one, under a keyed hash of each way that person can
 * come back (their normalised email, their Google subject), and given back to a new account
 * with either at sign-up and registration. Kept only until the break ends.
 */
export const keptBreaks = pgTable(
  'kept_breaks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** HMAC-SHA256 (auth/server-keys.ts) of `email:<address>` or `google:<subject>`, in hex. */
    identity: text('identity').notNull(),
    /** Which auth secret the key was derived from (auth/auth-secrets.ts, secretVersion). */
    keyVersion: integer('key_version').notNull(),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('kept_breaks_identity_idx').on(table.identity, table.endsAt),
    index('kept_breaks_ends_idx').on(table.endsAt),
    check('kept_breaks_kind_check', sql`${table.kind} in ('break', 'self-exclusion')`),
  ],
);

/**
 * Every marketing choice a player made (the details form's checkbox, the profile's switch), with
 * its time and the words they agreed to. The newest row per player and operator is in force.
 */
export const marketingConsents = pgTable(
  'marketing_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    operator: text('operator').notNull(),
    given: boolean('given').notNull(),
    wording: text('wording').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('marketing_consents_user_idx').on(table.userId, table.operator, table.at)],
);

/**
 * Live figures of a show sampled every few seconds by each process (analytics/live-sampler.ts):
 * its viewers on that process and the viewers who joined again after losing their connection.
 * A show's figure at a time is the sum over processes. No foreign key, like the chat's: a key
 * check would share-lock the games row the runner holds while it calls a ball.
 */
export const showLiveSamples = pgTable(
  'show_live_samples',
  {
    gameId: uuid('game_id').notNull(),
    /** The sample's time, floored to the sampling period so every process's samples line up. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    processId: text('process_id').notNull(),
    viewers: integer('viewers').notNull(),
    reconnects: integer('reconnects').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.at, table.processId] })],
);

/**
 * What a show's end decided, kept as the game ends (in its transaction) so a room's weeks are
 * counted without folding every show again: the final's outcome, the pot and what was paid.
 */
export const showOutcomes = pgTable(
  'show_outcomes',
  {
    gameId: uuid('game_id')
      .primaryKey()
      .references(() => games.id, { onDelete: 'cascade' }),
    outcome: text('outcome').notNull(),
    potPence: integer('pot_pence').notNull(),
    paidPence: integer('paid_pence').notNull(),
    rolloverOutPence: integer('rollover_out_pence').notNull(),
    /** Tickets held at the end: the show's players. */
    players: integer('players').notNull(),
  },
  (table) => [
    check(
      'show_outcomes_outcome_check',
      sql`${table.outcome} in ('all-share', 'some-steal', 'all-steal', 'no-final')`,
    ),
  ],
);

/**
 * Who played in a room each week (Monday 00:00 UTC), kept as each show ends: a room's unique and
 * returning players are counted from these few rows rather than from every ticket of the year.
 */
export const roomWeekPlayers = pgTable(
  'room_week_players',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.roomId, table.weekStart, table.playerId] })],
);

/**
 * Email reminders of shows (safety/reminders.service.ts): one row per player and show, asked
 * with 'Remind Me' or made for every show claimed by a player who opted in. `sent_at` is set by
 * the one guarded update that claims the send, so several processes send each mail once.
 */
export const showReminders = pgTable(
  'show_reminders',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** 'asked' (Remind Me) or 'every-show' (the profile's setting). */
    source: text('source').notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** What went: 'reminder', or 'cancellation' for a show the host cancelled. */
    sentKind: text('sent_kind'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.gameId] }),
    index('show_reminders_game_idx').on(table.gameId),
    check('show_reminders_source_check', sql`${table.source} in ('asked', 'every-show')`),
    check(
      'show_reminders_sent_kind_check',
      sql`${table.sentKind} is null or ${table.sentKind} in ('reminder', 'cancellation')`,
    ),
  ],
);

/**
 * A browser's Web Push subscription (push/push.service.ts): where to send (the push service's
 * endpoint) and the keys to encrypt for. One per browser; a player may have several.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The browser's P-256 public key and auth secret, base64url (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The phone's IANA time zone, for quiet hours. */
    timeZone: text('time_zone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId)],
);

/**
 * The notifications sent, one per slot per show per player: before the show ('show-start' or
 * 'green-room', whichever came first) and after it ('you-won'). The row is the claim that makes
 * a push go once across processes.
 */
export const pushSends = pgTable(
  'push_sends',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** 'before-show' or 'after-show'; the rows of 0024 were all before the show. */
    slot: text('slot').notNull().default('before-show'),
    /** 'show-start' (a claimed show starts soon), 'green-room' (a followed room's), 'you-won'. */
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.gameId, table.slot] }),
    check(
      'push_sends_kind_check',
      sql`(${table.slot} = 'before-show' and ${table.kind} in ('show-start', 'green-room')) or (${table.slot} = 'after-show' and ${table.kind} = 'you-won')`,
    ),
  ],
);

/** A player's invite code (invites/invites.service.ts): random, made on first ask, then kept. */
export const inviteCodes = pgTable('invite_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 128 random bits, base64url: a secret in a link, never the user's id. */
  code: text('code').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who invited whom: a new account signed up through an invite link, once per invitee. Only
 * counted on the inviter's profile ("3 friends joined"); no reward, no money.
 */
export const invites = pgTable(
  'invites',
  {
    inviteeId: uuid('invitee_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('invites_inviter_idx').on(table.inviterId),
    check('invites_not_self_check', sql`${table.inviteeId} <> ${table.inviterId}`),
  ],
);
/** A player following a room: a push when each of its shows opens its green room. */
export const roomFollows = pgTable(
  'room_follows',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.roomId] }),
    index('room_follows_room_idx').on(table.roomId),
  ],
);

/** Which kinds of notification a player wants (no row: every kind, the default). */
export const pushPreferences = pgTable('push_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  showStarts: boolean('show_starts').notNull().default(true),
  followedRooms: boolean('followed_rooms').notNull().default(true),
  wins: boolean('wins').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
