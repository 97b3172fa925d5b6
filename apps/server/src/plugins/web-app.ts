import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@ruthless/protocol';
import { inviteNotFoundPage } from '../invites/invite-page';
import { withShareTags } from '../share/share-page';

/** The build's folders of files (Vite's hashed assets, public/media): no client route is under them. */
const FILE_FOLDERS = ['assets', 'media'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Serves the built web app (apps/web/dist). Any GET that is not an API, socket, dev, asset or
 * server route gets index.html, whatever it accepts, so client routes like /game/{id} load on refresh and
 * link previews, health probes and curl see the page too.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const built = existsSync(path.join(webDist, 'index.html'));
  if (built) {
    const options: Omit<FastifyStaticOptions, 'root'> = {
      index: false,
      // The build writes brotli and gzip copies beside each text file (apps/web/vite/precompress.ts):
      // sent as they are to a browser that accepts them, so nothing is compressed per request.
      preCompressed: true,
      // Hashed assets never change; the shell itself must always be revalidated.
      setHeaders: (res: FastifyReply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    };
    // The files at the top of the build: one route each (wildcard: false), found at start, beside
    // the app's own `/*` below. The copies need none, as preCompressed finds them beside the file
    // asked for.
    await app.register(fastifyStatic, {
      ...options,
      root: webDist,
      wildcard: false,
      globIgnore: ['**/*.br', '**/*.gz', ...FILE_FOLDERS.map((folder) => `${folder}/**`)],
    });
    // The folders of files only, where no page lives: one route each (`/assets/*`), a file looked
    // up per request, instead of one route per file (some 240 of them, 80 ms of a start's CPU).
    for (const folder of FILE_FOLDERS.filter((name) => existsSync(path.join(webDist, name)))) {
      await app.register(fastifyStatic, {
        ...options,
        root: path.join(webDist, folder),
        prefix: `/${folder}/`,
        wildcard: true,
        decorateReply: false,
      });
    }
  } else {
    app.log.warn({ webDist }, 'web app not built: run `npm run build` to serve it');
  }

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send({
      statusCode: 404,
      code: ErrorCode.notFound,
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    });

  // An ended show's public results page: the shell with its link preview filled in (bots run no
  // JavaScript). Any other id gets the shell with a 404, and the app shows its not-found.
  let shell: Promise<{ html: string; tag: string }> | undefined;
  app.get('/game/:gameUuid/results', { schema: { hide: true } }, async (request, reply) => {
    if (!built) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    shell ??= readFile(path.join(webDist, 'index.html'), 'utf8').then((html) => ({
      html,
      tag: createHash('sha256').update(html).digest('hex').slice(0, 12),
    }));
    const { html, tag } = await shell;
    const { gameUuid } = request.params as { gameUuid: string };
    const summary = UUID.test(gameUuid) ? await app.shareCards.summary(gameUuid.toLowerCase()) : 'not-found';
    // Revalidated each time (a release changes the shell's assets), answered 304 when unchanged.
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (summary === 'not-found') return reply.status(404).send(html);
    const etag = `"${summary.version}-${tag}"`;
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.send(withShareTags(html, summary));
  });

  // A route (not only a not-found handler) so that compression and metrics apply to the shell.
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // /dev is the server's own (the dev mailbox): when it is off, it is simply not there.
    const isPage = !/^\/(api|socket\.io|dev)(\/|$)/.test(pathname) && !path.extname(pathname);
    if (!isPage) return notFound(request, reply);
    // An invite code too long for the invite's route (routes/invite) is no invite either.
    if (pathname.startsWith('/invite/')) {
      return reply
        .status(404)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(inviteNotFoundPage());
    }
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
