import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_STAGES, ticketClaim } from '@ruthless/game';
import { OPERATOR } from '@ruthless/protocol';
import { queryRows } from '../../src/db/database';
import { gameEvents, games, playBreaks, playerProfiles, tickets, tokenCutoffs } from '../../src/db/schema';
import {
  TicketsRepository,
  type ClaimOutcome,
  type ClaimRequest,
} from '../../src/tickets/tickets.repository';
import { insertGame, insertPlayers, insertRoom } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await server?.close();
});

/** What a claim's answer says, without the ids and times that differ between two games. */
function answerOf(outcome: ClaimOutcome) {
  if (outcome.kind === 'token-revoked' || outcome.kind === 'away' || outcome.kind === 'busy') return outcome;
  const game = outcome.game && {
    ticketsAvailable: outcome.game.ticketsAvailable,
    ticketsDealt: outcome.game.ticketsDealt,
    eventSeq: outcome.game.eventSeq,
  };
  if (outcome.kind === 'refused') return { kind: outcome.kind, game };
  const ticket = { playerId: outcome.ticket.playerId, ticketIndex: outcome.ticket.ticketIndex };
  if (outcome.kind === 'existing') return { kind: outcome.kind, game, ticket };
  return { kind: outcome.kind, game, ticket, event: outcome.event };
}

describe('a group of claims dealt in one statement', () => {
  it('answers and stores exactly what the same claims dealt one by one do', async () => {
    const db = server.app.database.db;
    const repository = new TicketsRepository(db);
    const roomId = await insertRoom(db, 'Groups');
    const otherRoomId = await insertRoom(db, 'Other groups');
    const players = await insertPlayers(server.app, 7, 'Group', { registered: true });
    await db
      .update(playerProfiles)
      .set({ defaultChoice: 'steal' })
      .where(eq(playerProfiles.userId, players[2]!.id));
    const now = new Date();
    // Two games alike, a minute apart (a room has one game per start time): one dealt claim by
    // claim, the other as one group.
    const [oneByOne, grouped] = await Promise.all(
      [0, 1].map((i) => insertGame(db, roomId, { startsInMs: 3_600_000 + i * 60_000, maxTickets: 4 })),
    );
    const request = (gameId: string, player: number, options: Partial<ClaimRequest> = {}): ClaimRequest => ({
      gameId,
      roomId,
      luckyFateMode: 'in-game',
      claim: ticketClaim({ at: now.getTime(), playerId: players[player]!.id, luckyFatePick: null }),
      now,
      tokenIssuedAt: now.getTime() - 60_000,
      ...options,
    });
    const one = async (gameId: string, claim: ClaimRequest) =>
      (await repository.claimGroup(gameId, 0, [claim]))[0]!;
    // Player 0 holds a ticket already; then a group with every answer a claim can get: held, dealt
    // (one with a default choice of steal), wrong room, wrong lucky-fate mode, too late, sold out.
    const claims = (gameId: string) => [
      request(gameId, 1),
      request(gameId, 0),
      request(gameId, 2),
      request(gameId, 3, { roomId: otherRoomId }),
      request(gameId, 4, {
        luckyFateMode: 'pre-game',
        claim: ticketClaim({ at: now.getTime(), playerId: players[4]!.id, luckyFatePick: 1 }),
      }),
      request(gameId, 5, { now: new Date(now.getTime() + 7_200_000) }),
      request(gameId, 4),
      request(gameId, 5),
      request(gameId, 6),
    ];
    for (const gameId of [oneByOne!, grouped!]) await one(gameId, request(gameId, 0));

    const expected: ClaimOutcome[] = [];
    for (const claim of claims(oneByOne!)) expected.push(await one(oneByOne!, claim));
    const answers = await repository.claimGroup(grouped!, 0, claims(grouped!));

    expect(answers.map(answerOf)).toEqual(expected.map(answerOf));
    expect(answers.map((answer) => answer.kind)).toEqual([
      'created',
      'existing',
      'created',
      'refused',
      'refused',
      'refused',
      'created',
      'refused',
      'refused',
    ]);
    const stored = async (gameId: string) => ({
      game: await db
        .select({ available: games.ticketsAvailable, dealt: games.ticketsDealt, seq: games.eventSeq })
        .from(games)
        .where(eq(games.id, gameId)),
      tickets: await db
        .select({ playerId: tickets.playerId, ticketIndex: tickets.ticketIndex })
        .from(tickets)
        .where(eq(tickets.gameId, gameId))
        .orderBy(asc(tickets.ticketIndex)),
      events: (
        await db.select().from(gameEvents).where(eq(gameEvents.gameId, gameId)).orderBy(asc(gameEvents.seq))
      ).map(({ seq, type, event }) => ({ seq, type, event })),
    });
    const [storedOneByOne, storedGrouped] = await Promise.all([stored(oneByOne!), stored(grouped!)]);
    expect(storedGrouped).toEqual(storedOneByOne);
    expect(storedGrouped.game).toEqual([{ available: 0, dealt: 4, seq: 4 }]);
    expect(
      storedGrouped.events.map((stored) => (stored.event as { defaultChoice: string }).defaultChoice),
    ).toEqual(['share', 'share', 'steal', 'share']);
  });

  it('bars a token issued before its cut-off, a deleted player and a player away, and deals the rest', async () => {
    const db = server.app.database.db;
    const repository = new TicketsRepository(db);
    const roomId = await insertRoom(db, 'Barred');
    const gameId = await insertGame(db, roomId, { startsInMs: 3_600_000, maxTickets: 10 });
    const players = await insertPlayers(server.app, 6, 'Barred', { registered: true });
    const now = new Date();
    const issuedAt = now.getTime() - 60_000;
    const request = (playerId: string): ClaimRequest => ({
      gameId,
      roomId,
      luckyFateMode: 'in-game',
      claim: ticketClaim({ at: now.getTime(), playerId, luckyFatePick: null }),
      now,
      tokenIssuedAt: issuedAt,
    });
    const [reset, resetBefore, onBreak, breakOver, excluded, holder] = players.map((player) => player.id);
    // A password reset after the token (refused), another before it (the token counts).
    await db.insert(tokenCutoffs).values([
      { userId: reset!, validAfter: new Date(issuedAt + 1) },
      { userId: resetBefore!, validAfter: new Date(issuedAt) },
    ]);
    const away = (userId: string, kind: string, period: string, endsAt: Date) => ({
      userId,
      kind,
      period,
      startedAt: new Date(now.getTime() - 3_600_000),
      endsAt,
    });
    const breakEnds = new Date(now.getTime() + 3_600_000);
    const exclusionEnds = new Date(now.getTime() + 7_200_000);
    await db
      .insert(playBreaks)
      .values([
        away(onBreak!, 'break', '24h', breakEnds),
        away(breakOver!, 'break', '24h', now),
        away(excluded!, 'break', '24h', breakEnds),
        away(excluded!, 'self-exclusion', '6m', exclusionEnds),
      ]);
    // A ticket held from before a break taken since: the break still bars the claim.
    await repository.claimGroup(gameId, 0, [request(holder!)]);
    await db.insert(playBreaks).values(away(holder!, 'break', '24h', breakEnds));
    const gone = '00000000-0000-4000-8000-00000000dead';

    const answers = await repository.claimGroup(
      gameId,
      0,
      [reset, resetBefore, onBreak, breakOver, excluded, holder, gone].map((id) => request(id!)),
    );
    expect(answers.map((answer) => (answer.kind === 'away' ? answer.playBreak : answer.kind))).toEqual([
      'token-revoked',
      'created',
      { kind: 'break', endsAt: breakEnds },
      'created',
      // The one that ends last.
      { kind: 'self-exclusion', endsAt: exclusionEnds },
      { kind: 'break', endsAt: breakEnds },
      'token-revoked',
    ]);
    const dealt = await db
      .select({ playerId: tickets.playerId })
      .from(tickets)
      .where(eq(tickets.gameId, gameId));
    expect(dealt.map((ticket) => ticket.playerId).sort()).toEqual([resetBefore, breakOver, holder].sort());
    // Barred before the game is looked for.
    expect(await repository.claimGroup(gone, 0, [request(reset!)])).toEqual([{ kind: 'token-revoked' }]);

    // A process of the previous release sends no token time: it judged who may claim before.
    const { claim } = request(onBreak!);
    const previousRelease = [{ roomId, playerId: onBreak, luckyFateMode: 'in-game', now, claim }];
    const [previous] = await queryRows<{
      answer: { barred: object; answers: { event?: object }[] } | string;
    }>(
      db,
      sql`select deal_ticket_group(${gameId}, ${OPERATOR}, string_to_array(${CLAIM_STAGES.join(',')}, ','),
        ${JSON.stringify(previousRelease)}::jsonb) as answer`,
    );
    const answer = typeof previous!.answer === 'string' ? JSON.parse(previous!.answer) : previous!.answer;
    expect(answer.barred).toEqual({});
    expect(answer.answers[0].event).toMatchObject({ type: 'ticket-claimed', playerId: onBreak });
  });

  it('refuses every claim of a group for a game that does not exist', async () => {
    const repository = new TicketsRepository(server.app.database.db);
    const [player] = await insertPlayers(server.app, 1, 'Nowhere');
    const gameId = '00000000-0000-4000-8000-000000000000';
    const claim: ClaimRequest = {
      gameId,
      roomId: gameId,
      luckyFateMode: 'in-game',
      claim: ticketClaim({ at: Date.now(), playerId: player!.id, luckyFatePick: null }),
      now: new Date(),
      tokenIssuedAt: Date.now(),
    };
    expect(await repository.claimGroup(gameId, 0, [claim, claim])).toEqual([
      { kind: 'refused', game: undefined },
      { kind: 'refused', game: undefined },
    ]);
  });
});
