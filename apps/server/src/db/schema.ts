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
} from 'drizzle-orm/pg-core';

/** A channel with a name, an image, a theme and a schedule of games (GAME.md "Room"). */
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('rooms_theme_check', sql`${table.theme} in ('RED', 'GOLD', 'GREEN', 'DEFAULT')`),
    uniqueIndex('rooms_operator_name_key').on(table.operator, table.name),
  ],
);

/** One show in a room (GAME.md "Game"). Prizes are in pence. */
export const games = pgTable(
  'games',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    state: text('state').notNull().default('scheduled'),
    maxTickets: integer('max_tickets').notNull(),
    ticketsAvailable: integer('tickets_available').notNull(),
    luckyFateMode: text('lucky_fate_mode').notNull(),
    prizeOneLine: integer('prize_one_line').notNull(),
    prizeTwoLines: integer('prize_two_lines').notNull(),
    prizeFullHouse: integer('prize_full_house').notNull(),
    /** The secret 32-byte seed (hex); published only when the game ends. */
    seedHex: text('seed_hex').notNull(),
    /** SHA-256 of the seed, published with the game. */
    commitment: text('commitment').notNull(),
    /** Stage timings in ms; absent keys take GAME.md's defaults. */
    timings: jsonb('timings').$type<Record<string, number>>().notNull().default({}),
    videoSource: text('video_source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('games_tickets_check', sql`${table.ticketsAvailable} between 0 and ${table.maxTickets}`),
    check('games_lucky_fate_mode_check', sql`${table.luckyFateMode} in ('pre-game', 'in-game')`),
    check(
      'games_state_check',
      sql`${table.state} in ('scheduled', 'green-room', 'reels', 'lucky-fate', 'draw', 'ruthless', 'reveal', 'ended', 'cancelled')`,
    ),
    // One game per room per start time: keeps the rolling schedule idempotent across processes.
    uniqueIndex('games_room_start_key').on(table.roomId, table.startTime),
    index('games_start_time_idx').on(table.startTime),
  ],
);
