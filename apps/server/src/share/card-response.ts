import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A card's PNG (a results' or an invite's). Its address carries its version (`?v=`): that
 * version's is kept for a year; another version's address (a name changed since) gets today's
 * card, kept a short while. An ETag answers 304 to a preview that has it.
 */
export function sendCardPng(
  request: FastifyRequest,
  reply: FastifyReply,
  card: { png: Buffer; version: string },
  askedVersion: string | undefined,
) {
  const current = askedVersion === card.version;
  const etag = `"${card.version}"`;
  void reply
    .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'public, max-age=600')
    .header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type('image/png').send(card.png);
}
