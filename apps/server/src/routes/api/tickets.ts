import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  claimResponseSchema,
  claimTicketBodySchema,
  myShowsResponseSchema,
  purchaseBodySchema,
  purchasesQuerySchema,
  purchasesResponseSchema,
} from '@ruthless/protocol';
import { PLAYER_ERRORS as errors } from '../../schemas/errors';

/** The player's tickets: claims for in-game and pre-game lucky-fate games, and the active list. */
const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tickets } = app;
  const guards = [app.authenticate, app.requireOperator];
  // The token's cut-off and a break in force (a player away claims nothing) are judged in the
  // claim's own statement (tickets/tickets.service.ts).
  const claimGuards = [app.authenticateForClaim, app.requireOperator];

  app.post(
    '/claim-ticket',
    {
      onRequest: claimGuards,
      schema: {
        tags: ['tickets'],
        summary: "Claim a ticket for a game whose lucky-fate card is picked in the game ('in-game')",
        security: [{ bearer: [] }],
        body: claimTicketBodySchema,
        response: { 200: claimResponseSchema, 201: claimResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await tickets.claim({
        gameId: request.body.gameUuid,
        roomId: request.body.roomUuid,
        playerId: request.player!.id,
        tokenIssuedAt: request.player!.issuedAt,
        tokenSessionId: request.player!.sessionId,
        luckyFatePick: null,
      });
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  app.post(
    '/purchase',
    {
      onRequest: claimGuards,
      schema: {
        tags: ['tickets'],
        summary: "Claim a ticket with a face-down lucky-fate card (0..2) for a 'pre-game' game",
        security: [{ bearer: [] }],
        body: purchaseBodySchema,
        response: { 200: claimResponseSchema, 201: claimResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await tickets.claim({
        gameId: request.body.gameUuid,
        roomId: request.body.roomUuid,
        playerId: request.player!.id,
        tokenIssuedAt: request.player!.issuedAt,
        tokenSessionId: request.player!.sessionId,
        luckyFatePick: request.body.luckyFateCard,
      });
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  app.get(
    '/purchases',
    {
      onRequest: guards,
      schema: {
        tags: ['tickets'],
        summary: "The player's tickets; with unFinishedGames=true only for games not ended",
        security: [{ bearer: [] }],
        querystring: purchasesQuerySchema,
        response: { 200: purchasesResponseSchema, ...errors },
      },
    },
    async (request) => tickets.activeTickets(request.player!.id, request.query.unFinishedGames === 'true'),
  );

  app.get(
    '/my-shows',
    {
      onRequest: guards,
      schema: {
        tags: ['tickets'],
        summary: "The player's ended games, newest first: ticket, lucky-fate multiplier and winnings",
        security: [{ bearer: [] }],
        response: { 200: myShowsResponseSchema, ...errors },
      },
    },
    async (request) => tickets.myShows(request.player!.id),
  );
};

export default ticketsRoutes;
