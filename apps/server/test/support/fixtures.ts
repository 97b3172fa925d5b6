import { randomUUID } from 'node:crypto';
import { commitmentOf } from '@ruthless/game';
import { OPERATOR } from '@ruthless/protocol';
import type { App } from '../../src/app';
import type { Db } from '../../src/db/database';
import { games, playerProfiles, rooms, users } from '../../src/db/schema';

// Rows straight into the database, for the tests and benchmarks that need many players or games
// fast, or a state the API does not make. Through the API as a host would: show.ts.

export async function insertRoom(db: Db, name = 'Test Room'): Promise<string> {
  const [room] = await db.insert(rooms).values({ name, image: '/rooms/ruby-rush.svg' }).returning();
  return room!.id;
}

/** A game in the room: the prizes 1, 2 and 10 (pounds), lucky fate in the show. */
export async function insertGame(
  db: Db,
  roomId: string,
  options: {
    startsInMs: number;
    maxTickets: number;
    timings?: Record<string, number>;
    /** The draw's seed; a fresh one when not given. */
    seedHex?: string;
    /** Its sub-pools (1, 2, 4 or 8); from maxTickets when not given (docs/tickets.md). */
    ticketPools?: number;
  },
): Promise<string> {
  const seedHex = options.seedHex ?? randomUUID().replaceAll('-', '').repeat(2);
  const [game] = await db
    .insert(games)
    .values({
      roomId,
      startTime: new Date(Date.now() + options.startsInMs),
      maxTickets: options.maxTickets,
      ticketsAvailable: options.maxTickets,
      luckyFateMode: 'in-game',
      prizeOneLine: 100,
      prizeTwoLines: 200,
      prizeFullHouse: 1000,
      seedHex,
      commitment: commitmentOf(seedHex),
      ...(options.timings ? { timings: options.timings } : {}),
      ...(options.ticketPools ? { ticketPools: options.ticketPools } : {}),
    })
    .returning();
  return game!.id;
}

/**
 * `count` players named "{name} {i}", each with an identity token signed by the app's key; with
 * `registered`, also their profile with the operator (alias "{name}{i}"), as chat needs; with
 * `host`, tokens of the host role.
 */
export async function insertPlayers(
  app: App,
  count: number,
  name: string,
  options: { registered?: boolean; host?: boolean } = {},
): Promise<{ id: string; token: string }[]> {
  const run = randomUUID().slice(0, 8);
  const players = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    name: `${name} ${i}`,
    email: `${name.toLowerCase().replaceAll(' ', '-')}${i}-${run}@ruthless.test`,
  }));
  const db = app.database.db;
  // In batches: one statement's parameters are limited.
  for (let i = 0; i < players.length; i += 1000) {
    const batch = players.slice(i, i + 1000);
    await db.insert(users).values(batch);
    if (options.registered) {
      await db.insert(playerProfiles).values(
        batch.map((player, j) => ({
          userId: player.id,
          operator: OPERATOR,
          alias: `${name.replaceAll(' ', '')}${i + j}`,
        })),
      );
    }
  }
  const signed: { id: string; token: string }[] = [];
  for (const player of players)
    signed.push({
      id: player.id,
      token: await signIdentityToken(app, player, options.host ? 'host' : undefined),
    });
  return signed;
}

/** An identity token signed by the app's own key, as its token endpoint would sign it. */
export async function signIdentityToken(
  app: App,
  player: { id: string; name: string; email: string },
  role?: 'host',
): Promise<string> {
  const { token } = await app.accounts.auth.api.signJWT({
    body: {
      payload: {
        sub: player.id,
        name: player.name,
        email: player.email,
        operator: OPERATOR,
        ...(role ? { role } : {}),
        iat: Math.floor(Date.now() / 1000),
      },
    },
  });
  return token;
}
