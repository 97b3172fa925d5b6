// Benchmark: the host's show analytics over a long history. Seeds the embedded database with
// --shows ended nightly shows of --players ticket holders each (drawn from a pool of --pool
// players, so players return week to week), one of them played in full through the engine (its
// event log, chat and live samples), then times the per-room query (52 and 104 weeks) and the
// per-show one (a fold of the played show's log). One JSON line per figure; the load average is
// printed with them: the machine may be shared, so read the figures with it.
//
//   npx tsx bench/analytics.bench.ts [--shows 1000] [--players 500] [--pool 5000] [--runs 5]
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { applyEvent, commitmentOf, createGame, type GameEvent, type GameState } from '@ruthless/game';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { AnalyticsRepository } from '../src/analytics/analytics.repository';
import { queryRows } from '../src/db/database';
import { nextStep } from '../src/live/next-step';

const { values: args } = parseArgs({
  options: {
    shows: { type: 'string', default: '1000' },
    players: { type: 'string', default: '500' },
    pool: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '5' },
  },
});
const SHOWS = Number(args.shows);
const PLAYERS = Number(args.players);
const POOL = Number(args.pool);
const RUNS = Number(args.runs);
const DAY_MS = 24 * 60 * 60_000;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-analytics-bench-'));
const app = await buildApp(
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0' }),
  { runGames: false },
);
const { db } = app.database;
const line = (figure: Record<string, unknown>) =>
  console.log(JSON.stringify({ ...figure, loadAverage1m: Number(os.loadavg()[0]!.toFixed(2)) }));

const seeding = performance.now();
const [room] = await queryRows<{ id: string }>(
  db,
  sql`insert into rooms (name, image) values ('Bench Room', '/rooms/gold-rush.svg') returning id`,
);
const roomId = room!.id;
await db.execute(sql`
  insert into users (name, email)
  select 'Player ' || n, 'bench-' || n || '@ruthless.test' from generate_series(1, ${POOL}) as n`);
await db.execute(sql`
  create temporary table pool as select row_number() over (order by id) - 1 as n, id from users`);

// Nightly at 20:00 UTC, the newest yesterday. Every show but the newest is counted from its
// tickets and kept outcome only (what the room's query reads); the newest is played for real.
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
const seedHex = randomBytes(32).toString('hex');
await db.execute(sql`
  insert into games (room_id, start_time, state, max_tickets, tickets_available, tickets_dealt, lucky_fate_mode,
                     prize_one_line, prize_two_lines, prize_full_house, seed_hex, commitment, rollover_pence, ended_at)
  select ${roomId}, to_timestamp(${today / 1000} - n * 86400 + 20 * 3600), 'ended', ${PLAYERS}, 0, ${PLAYERS},
         'pre-game', 1000, 2000, 10000, ${seedHex}, ${commitmentOf(seedHex)},
         case when n % 9 = 0 then 5000 else 0 end, to_timestamp(${today / 1000} - n * 86400 + 21 * 3600)
  from generate_series(1, ${SHOWS}) as n`);
const games = await queryRows<{ id: string; n: number }>(
  db,
  sql`select id, (row_number() over (order by start_time desc))::int - 1 as n from games where room_id = ${roomId}`,
);
const played = games.find((game) => game.n === 0)!.id;
// Each show's players: a window of the pool sliding a little each night, so many come back.
await db.execute(sql`
  insert into tickets (game_id, player_id, ticket_index, claimed_at)
  select g.id, p.id, i, g.start_time - interval '1 hour'
  from (select id, start_time, (row_number() over (order by start_time))::int as k from games where room_id = ${roomId}) g
  cross join generate_series(0, ${PLAYERS - 1}) as i
  join pool p on p.n = (g.k * 37 + i) % ${POOL}
  where g.id <> ${played}`);
await db.execute(sql`
  insert into show_outcomes (game_id, outcome, pot_pence, paid_pence, rollover_out_pence, players)
  select id, (array['all-share', 'some-steal', 'all-steal'])[1 + (abs(hashtext(id::text)) % 3)], 20000, 23000, 0,
         ${PLAYERS}
  from games where room_id = ${roomId} and id <> ${played}`);

// The newest show, played through the engine: claims, then every step the runner would take.
const [playedRow] = await queryRows<{ start_time: string | Date }>(
  db,
  sql`select start_time from games where id = ${played}`,
);
const startTime = new Date(playedRow!.start_time).getTime();
const poolIds = await queryRows<{ id: string }>(db, sql`select id from pool order by n limit ${PLAYERS}`);
let state: GameState = createGame({
  gameUuid: played,
  seedHex,
  commitment: commitmentOf(seedHex),
  prizes: { oneLine: 1000, twoLines: 2000, fullHouse: 10_000 },
  luckyFateMode: 'pre-game',
  timings: {},
  rolloverPence: 0,
  maxTickets: PLAYERS,
});
const events: GameEvent[] = [];
const apply = (event: GameEvent) => {
  const applied = applyEvent(state, event);
  if (!applied.ok) throw new Error(`${event.type} refused: ${applied.code}`);
  state = applied.state;
  events.push(event);
};
poolIds.forEach(({ id }, index) =>
  apply({
    type: 'ticket-claimed',
    at: startTime - 3600_000 + index * 1000,
    ticketIndex: index,
    playerId: id,
    defaultChoice: index % 3 === 0 ? 'steal' : 'share',
    luckyFatePick: (index % 3) as 0 | 1 | 2,
  }),
);
for (let step = nextStep(state, startTime); step; step = nextStep(state, startTime))
  apply(step.build(step.at));
for (let from = 0; from < events.length; from += 200) {
  const batch = events
    .slice(from, from + 200)
    .map(
      (event, index) =>
        sql`(${played}::uuid, ${from + index + 1}::int, ${event.type}, ${JSON.stringify(event)}::jsonb)`,
    );
  await db.execute(
    sql`insert into game_events (game_id, seq, type, event) values ${sql.join(batch, sql`, `)}`,
  );
}
await db.execute(sql`
  insert into tickets (game_id, player_id, ticket_index, lucky_fate_pick, claimed_at)
  select ${played}, p.id, p.n, p.n % 3, to_timestamp(${startTime / 1000} - 3600 + p.n) from pool p where p.n < ${PLAYERS}`);
await db.execute(
  sql`update games set event_seq = ${events.length}, timings = '{}'::jsonb where id = ${played}`,
);
// Who played each week, as each show's end keeps it (the migration's backfill, at once).
await db.execute(sql`
  insert into room_week_players (room_id, week_start, player_id)
  select distinct g.room_id, date_trunc('week', g.start_time at time zone 'UTC')::date, t.player_id
  from games g join tickets t on t.game_id = g.id and t.released_at is null where g.room_id = ${roomId}`);
// Its chat (four messages a player, one in fifty deleted) and a sample every 5 s for the show.
await db.execute(sql`
  insert into chat_messages (game_id, seq, player_id, text, created_at, deleted_at)
  select ${played}, row_number() over (), p.id, 'Good luck!', to_timestamp(${startTime / 1000} - 300 + m * 7),
         case when m % 50 = 0 then now() end
  from pool p cross join generate_series(1, 4) as m where p.n < ${PLAYERS}`);
await db.execute(sql`
  insert into show_live_samples (game_id, at, process_id, viewers, reconnects)
  select ${played}, to_timestamp(${startTime / 1000} - 300 + s * 5), 'bench', ${PLAYERS} + s % 40, s % 3
  from generate_series(0, ${Math.ceil((state.lastEventAt! - startTime) / 5000) + 60}) as s`);
line({
  name: 'analytics-seed',
  shows: SHOWS,
  playersPerShow: PLAYERS,
  tickets: SHOWS * PLAYERS,
  playedShowEvents: events.length,
  unit: 's',
  value: Number(((performance.now() - seeding) / 1000).toFixed(1)),
});

async function time(name: string, work: () => Promise<unknown>, extra: Record<string, unknown> = {}) {
  await work(); // warm-up: plans and JIT
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  line({
    name,
    ...extra,
    unit: 'ms',
    median: Number(times[Math.floor(times.length / 2)]!.toFixed(1)),
    max: Number(times.at(-1)!.toFixed(1)),
  });
}

const year = await app.fastify.analytics.room(roomId, 52);
if (year.weeks.reduce((sum, week) => sum + week.shows, 0) < 52 * 7 - 7)
  throw new Error('the year is missing shows');
await time('analytics-room-weeks', () => app.fastify.analytics.room(roomId, 52), { weeks: 52 });
await time('analytics-room-weeks', () => app.fastify.analytics.room(roomId, 104), { weeks: 104 });
// Its two queries apart: the shows with their players, and the weekly players with returners.
const repository = new AnalyticsRepository(db);
const yearAgo = new Date(today - 52 * 7 * DAY_MS);
await time(
  'analytics-room-shows-query',
  () => repository.roomShows(roomId, yearAgo, new Date(today + DAY_MS)),
  {
    weeks: 52,
  },
);
await time(
  'analytics-room-week-players-query',
  () => repository.roomWeekPlayers(roomId, yearAgo, new Date(today + DAY_MS)),
  { weeks: 52 },
);
const show = await app.fastify.analytics.show(played);
if (show.players !== PLAYERS || show.wins.length !== 3) throw new Error('the played show did not fold');
await time('analytics-show', () => app.fastify.analytics.show(played), { players: PLAYERS });

await app.close();
await rm(dataDir, { recursive: true, force: true });
