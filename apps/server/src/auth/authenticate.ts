import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AuthErrorCode, ErrorCode, catalogueMessage } from '@ruthless/protocol';
import { ForbiddenError, UnauthorizedError } from '../errors';
import { IdentityTokenError, tokenFromAuthorization, type IdentityVerifier, type Player } from './identity';
import type { TokenCutoffs } from './token-cutoffs';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest/preHandler: verifies the identity token of `Authorization` and sets `request.player`. */
    authenticate: Guard;
    /**
     * onRequest of claims: `authenticate` but for the token's cut-off, which the claim's deal
     * checks in its own statement (tickets/tickets.service.ts): one round trip for a claim.
     */
    authenticateForClaim: Guard;
    /** onRequest/preHandler after `authenticate`: 403 unless the token carries the operator claim. */
    requireOperator: Guard;
    /** onRequest/preHandler after `authenticate`: 403 unless the player is a host (ADMIN_EMAILS). */
    requireHost: Guard;
    /** The player of a valid identity token (for the Socket.IO handshake); throws otherwise. */
    verifyIdentityToken(token: string): Promise<Player>;
  }
  interface FastifyRequest {
    player: Player | null;
  }
}

const REFUSALS: Record<IdentityTokenError['reason'], string> = {
  missing: 'authorization: an identity token is required. Please sign in.',
  expired: 'authorization: the identity token has expired.',
  invalid: 'authorization: the identity token is not valid.',
};

/** The 401 of a token refused for `reason`, wherever it is found out. */
export const identityRefusal = (reason: IdentityTokenError['reason']) =>
  new UnauthorizedError(ErrorCode.unauthorized, REFUSALS[reason], 'authorization');

const forbidden = () =>
  new ForbiddenError(AuthErrorCode.permissionDenied, catalogueMessage(AuthErrorCode.permissionDenied));

/**
 * The API's guards. Tokens come unprefixed in `Authorization` (docs/player-app.md, Calls) or as `Bearer`.
 */
export const authenticatePlugin = fp<{ verifier: IdentityVerifier; cutoffs: TokenCutoffs }>(
  async (app: FastifyInstance, { verifier, cutoffs }) => {
    // A token must also be issued after its user's cut-off (a password reset), for a session not
    // signed out, by a user who still exists: others are refused as invalid.
    const verify = async (token: string): Promise<Player> => {
      const player = await verifier.verify(token);
      if (!(await cutoffs.allows(player.id, player.issuedAt, player.sessionId)))
        throw new IdentityTokenError('invalid');
      return player;
    };
    const guard =
      (check: (token: string) => Promise<Player>): Guard =>
      async (request) => {
        try {
          request.player = await check(tokenFromAuthorization(request.headers.authorization));
        } catch (error) {
          if (!(error instanceof IdentityTokenError)) throw error;
          throw identityRefusal(error.reason);
        }
      };
    app.decorateRequest('player', null);
    app.decorate('verifyIdentityToken', (token: string) => verify(tokenFromAuthorization(token)));
    app.decorate('authenticate', guard(verify));
    app.decorate(
      'authenticateForClaim',
      guard((token) => verifier.verify(token)),
    );
    app.decorate('requireOperator', async (request: FastifyRequest) => {
      if (!request.player?.operator) throw forbidden();
    });
    app.decorate('requireHost', async (request: FastifyRequest) => {
      if (request.player?.role !== 'host') throw forbidden();
    });
  },
  { name: 'authenticate' },
);
