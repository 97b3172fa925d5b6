import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { IncomingMessage } from 'node:http';

/** Preview mode, `/game/{id}?preview=1`: the one page a stream overlay may embed. */
export function isPreviewPage(url: string | undefined): boolean {
  if (!url) return false;
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  return /^\/game\/[^/]+\/?$/.test(pathname) && searchParams.get('preview') === '1';
}

/**
 * The security headers of every answer (docs/web-quality.md): a Content-Security-Policy with no
 * inline script that allows our own origin, our socket and the configured video origins; no
 * framing except preview mode by the configured origins; HSTS on HTTPS and always in production
 * (whose PUBLIC_URL is https, whatever the proxy in front says); nosniff and
 * no-referrer (helmet's defaults).
 */
export default fp(
  async (app) => {
    // PUBLIC_URL is our own origin (and its socket's); VIDEO_ORIGINS may serve the host video;
    // EMBED_ORIGINS may frame preview mode (nobody when empty).
    const options = app.config;
    const own = new URL(options.publicUrl);
    const socket = `${own.protocol === 'https:' ? 'wss:' : 'ws:'}//${own.host}`;
    const embeddable = (req: IncomingMessage) => options.embedOrigins.length > 0 && isPreviewPage(req.url);

    // Built once: @fastify/helmet builds helmet per request, parsing the whole policy each time
    // (the largest cost of a cached GET in docs/performance.md's rooms profile).
    const contentSecurityPolicy = fastifyHelmet.contentSecurityPolicy({
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and react-toastify set styles at run time; no script is ever inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // hls.js fetches the stream's playlists and segments, and plays them through blob: URLs.
        mediaSrc: ["'self'", 'blob:', ...options.videoOrigins],
        connectSrc: ["'self'", socket, ...options.videoOrigins],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: [
          (req: IncomingMessage) => (embeddable(req) ? options.embedOrigins.join(' ') : "'none'"),
        ],
        upgradeInsecureRequests: own.protocol === 'https:' ? [] : null,
      },
    });
    app.addHook('onRequest', (request, reply, done) => contentSecurityPolicy(request.raw, reply.raw, done));
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: false,
      // HSTS is sent by the hook below, only over HTTPS.
      strictTransportSecurity: false,
      // X-Frame-Options can name no origin: DENY, dropped where an overlay may embed preview mode.
      xFrameOptions: { action: 'deny' },
    });

    app.addHook('onSend', async (request, reply) => {
      if (request.protocol === 'https' || options.nodeEnv === 'production') {
        reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      }
      if (embeddable(request.raw)) reply.raw.removeHeader('X-Frame-Options');
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
