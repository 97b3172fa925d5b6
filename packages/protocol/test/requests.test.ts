import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  choiceBodySchema,
  claimTicketBodySchema,
  joinGameRequestSchema,
  luckyFatePickBodySchema,
  purchaseBodySchema,
  purchasesQuerySchema,
  roomsQuerySchema,
} from '../src';

// The rooms, tickets and live requests: bad input is refused with a message a player (or a
// developer reading the 400) can act on, and unknown keys are refused outright.

const messages = (schema: z.ZodType, input: unknown): string[] => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

const gameUuid = '0b9c7a52-4f7e-4d5c-9a55-3c1f7f0e8a11';
const roomUuid = '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';
const CARD = 'Pick one of the three lucky-fate cards';

describe('rooms', () => {
  it('lists the rooms of the operator only', () => {
    expect(roomsQuerySchema.parse({ operator: 'enlivon' })).toEqual({ operator: 'enlivon' });
    expect(messages(roomsQuerySchema, {})).toContain("operator must be 'enlivon'");
    expect(messages(roomsQuerySchema, { operator: 'other' })).toContain("operator must be 'enlivon'");
    expect(messages(roomsQuerySchema, { operator: 'enlivon', page: '2' })).not.toEqual([]);
  });
});

describe('tickets', () => {
  it('a claim names a game and a room by their ids', () => {
    expect(claimTicketBodySchema.parse({ gameUuid, roomUuid })).toEqual({ gameUuid, roomUuid });
    expect(messages(claimTicketBodySchema, { gameUuid: 'game-1', roomUuid })).toContain(
      'gameUuid must be a valid id',
    );
    expect(messages(claimTicketBodySchema, { gameUuid })).toContain('roomUuid must be a valid id');
    expect(messages(claimTicketBodySchema, { gameUuid, roomUuid, ticketIndex: 3 })).not.toEqual([]);
    expect(messages(claimTicketBodySchema, [gameUuid, roomUuid])).not.toEqual([]);
  });

  it.each([undefined, -1, 3, 1.5, '1', null])('a purchase with lucky-fate card %j is refused', (card) => {
    expect(messages(purchaseBodySchema, { gameUuid, roomUuid, luckyFateCard: card })).toContain(CARD);
  });

  it.each([0, 1, 2])('a purchase with lucky-fate card %j is accepted', (card) => {
    expect(messages(purchaseBodySchema, { gameUuid, roomUuid, luckyFateCard: card })).toEqual([]);
  });

  it('the purchases query takes true or false', () => {
    expect(messages(purchasesQuerySchema, {})).toEqual([]);
    expect(messages(purchasesQuerySchema, { unFinishedGames: 'true' })).toEqual([]);
    expect(messages(purchasesQuerySchema, { unFinishedGames: 'yes' })).toContain(
      'unFinishedGames must be true or false',
    );
    expect(messages(purchasesQuerySchema, { unFinishedGames: 'false', all: '1' })).not.toEqual([]);
  });
});

describe('live', () => {
  it('joining names a game and the last event shown (or null)', () => {
    expect(messages(joinGameRequestSchema, { gameUuid, lastSeq: null })).toEqual([]);
    expect(messages(joinGameRequestSchema, { gameUuid, lastSeq: 12 })).toEqual([]);
    expect(messages(joinGameRequestSchema, { gameUuid: 'x', lastSeq: null })).toContain(
      'gameUuid must be a valid id',
    );
    for (const lastSeq of [-1, 1.5, '3', undefined]) {
      expect(messages(joinGameRequestSchema, { gameUuid, lastSeq })).not.toEqual([]);
    }
    expect(messages(joinGameRequestSchema, { gameUuid, lastSeq: null, playerId: 'p' })).not.toEqual([]);
  });

  it.each([undefined, 'split', 'SHARE', 1])('a choice of %j is refused', (choice) => {
    expect(messages(choiceBodySchema, { choice })).toContain("choice must be 'share' or 'steal'");
  });

  it('a choice is share or steal, and nothing else rides along', () => {
    expect(messages(choiceBodySchema, { choice: 'steal' })).toEqual([]);
    expect(messages(choiceBodySchema, { choice: 'share', playerId: 'p' })).not.toEqual([]);
  });

  it.each([undefined, -1, 3, 0.5, '2'])('a lucky-fate pick of %j is refused', (pick) => {
    expect(messages(luckyFatePickBodySchema, { pick })).toContain(CARD);
  });
});
