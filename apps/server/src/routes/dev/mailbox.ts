import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ErrorCode } from '@ruthless/protocol';
import { NotFoundError } from '../../errors';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * A person on this machine itself: a loopback connection that no proxy forwarded. A proxy on this
 * machine (nginx in `npm run cluster`) connects from loopback too, on behalf of anyone.
 */
const directFromThisMachine = (request: FastifyRequest) => {
  const address = request.socket.remoteAddress;
  const loopback = address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
  return loopback && !('x-forwarded-for' in request.headers) && !('forwarded' in request.headers);
};

/**
 * GET /dev/mailbox: the mail the server would have sent, newest first, for development without
 * an SMTP server. Registered only outside production, without DEV_MAILBOX=false or TRUST_PROXY
 * (config.ts), and it answers only direct connections from this machine: reset links in it take
 * over accounts (404 to everyone else).
 */
const mailboxRoutes: FastifyPluginAsync = async (app) => {
  if (!app.config.devMailbox) return;
  const repository = app.accounts.mailRepository;
  app.get('/mailbox', { schema: { hide: true } }, async (request, reply) => {
    if (!directFromThisMachine(request)) throw new NotFoundError(ErrorCode.notFound, 'Not found');
    const mails = await repository.listRecent(100);
    const items = mails
      .map(
        (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(mail.to)}</strong> at <time datetime="${mail.createdAt.toISOString()}">${mail.createdAt.toISOString()}</time></p>
  <pre>${escapeHtml(mail.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre>
</article>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox · Ruthless</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:1rem auto;padding:0 1rem}article{border-bottom:1px solid #ccc;padding:.5rem 0}pre{white-space:pre-wrap}.meta{color:#555}</style>
</head><body>
<h1>Dev mailbox</h1>
<p>Mail kept here because SMTP_URL is not set. Newest first.</p>
${items || '<p>No mail yet.</p>'}
</body></html>`);
  });
};

export default mailboxRoutes;
