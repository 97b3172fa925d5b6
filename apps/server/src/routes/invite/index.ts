import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inviteCookie } from '../../invites/invite-cookie';
import { inviteNotFoundPage, invitePage } from '../../invites/invite-page';
import { sendCardPng } from '../../share/card-response';

/**
 * /invite/{code}: a player's invite link (docs/player-app.md, Invite a friend). Public: the page
 * with its link preview and the card it shows. The code is a secret in the address: the logs
 * write none (log-redaction.ts, deploy/nginx/ruthless.conf).
 */
const inviteRoutes: FastifyPluginAsyncZod = async (app) => {
  const invites = app.accounts.invites;
  const secure = app.config.publicUrl.startsWith('https://');
  // Any code, however long or odd, is looked up as text: what is not one gets the friendly 404.
  const params = z.object({ code: z.string() });

  app.get('/:code', { schema: { hide: true, params } }, async (request, reply) => {
    const preview = await invites.preview(request.params.code);
    reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8');
    // Unknown, mistyped, or its inviter's account deleted: a page that says so, never an error.
    if (preview === 'not-found') return reply.status(404).send(inviteNotFoundPage());
    // Remembered for the sign-up (email or Google) that may follow.
    reply.header('set-cookie', inviteCookie(request.params.code, secure));
    return reply.send(invitePage(preview));
  });

  app.get(
    '/:code/card.png',
    { schema: { hide: true, params, querystring: z.object({ v: z.string().max(64).optional() }) } },
    async (request, reply) => {
      const card = await invites.png(request.params.code);
      if (card === 'not-found') {
        return reply
          .status(404)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(inviteNotFoundPage());
      }
      return sendCardPng(request, reply, card, request.query.v);
    },
  );
};

export default inviteRoutes;
