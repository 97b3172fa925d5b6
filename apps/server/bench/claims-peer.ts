// The claims bench's peer: the least an HTTP claim API can do per claim, on the same Fastify and
// database as the product. Its one route verifies the identity token as the product does (jose,
// EdDSA, issuer, audience, expiry) and runs one guarded UPDATE of the game's count: 201 when it
// took a ticket, 409 when none was left. No profile, no event, no ticket row, no live game.
import Fastify from 'fastify';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { sql } from 'drizzle-orm';
import { tokenFromAuthorization } from '../src/auth/identity';
import { queryRows, type Db } from '../src/db/database';

export async function startClaimsPeer(options: {
  db: Db;
  jwks: JSONWebKeySet;
  issuer: string;
  audience: string;
}) {
  const keys = createLocalJWKSet(options.jwks);
  const peer = Fastify();
  peer.post<{ Body: { gameUuid: string } }>('/claim', async (request, reply) => {
    try {
      await jwtVerify(tokenFromAuthorization(request.headers.authorization), keys, {
        algorithms: ['EdDSA'],
        issuer: options.issuer,
        audience: options.audience,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
    } catch {
      return reply.code(401).send({ error: 'unauthorized' });
    }
    const rows = await queryRows<{ tickets_available: number }>(
      options.db,
      sql`UPDATE games SET tickets_available = tickets_available - 1 WHERE id = ${request.body.gameUuid} AND tickets_available > 0 RETURNING tickets_available`,
    );
    return rows.length
      ? reply.code(201).send({ ticketsAvailable: rows[0]!.tickets_available })
      : reply.code(409).send({ error: 'sold out' });
  });
  await peer.listen({ port: 0, host: '127.0.0.1' });
  return peer;
}
