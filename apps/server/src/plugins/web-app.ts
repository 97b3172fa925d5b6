import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@ruthless/protocol';

/**
 * Serves the built web app (apps/web/dist). Any GET that is not an API, socket, dev, asset or
 * server route gets index.html, whatever it accepts, so client routes like /game/{id} load on refresh and
 * link previews, health probes and curl see the page too.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const built = existsSync(path.join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes brotli and gzip copies beside each text file (apps/web/vite/precompress.ts):
      // sent as they are to a browser that accepts them, so nothing is compressed per request.
      preCompressed: true,
      // One route per file is registered at start (wildcard: false); the copies need none, as
      // preCompressed finds them beside the file asked for. Half the routes, a faster start.
      globIgnore: ['**/*.br', '**/*.gz'],
      // Hashed assets never change; the shell itself must always be revalidated.
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app not built: run `npm run build` to serve it');
  }

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send({
      statusCode: 404,
      code: ErrorCode.notFound,
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    });

  // A route (not only a not-found handler) so that compression and metrics apply to the shell.
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // /dev is the server's own (the dev mailbox): when it is off, it is simply not there.
    const isPage = !/^\/(api|socket\.io|dev)(\/|$)/.test(pathname) && !path.extname(pathname);
    if (!isPage) return notFound(request, reply);
    if (!built) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  app.setNotFoundHandler(notFound);
}
