import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { IncomingMessage } from 'node:http';

export interface SecurityHeadersOptions {
  /** The address players use: its origin (and its socket's) is the app's own. */
  publicUrl: string;
  /** Where the host video may come from besides our own origin (VIDEO_ORIGINS). */
  videoOrigins: string[];
  /** Who may embed preview mode in a frame (EMBED_ORIGINS); nobody when empty. */
  embedOrigins: string[];
}

/** Preview mode, `/game/{id}?preview=1`: the one page a stream overlay may embed. */
export function isPreviewPage(url: string | undefined): boolean {
  if (!url) return false;
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  return /^\/game\/[^/]+\/?$/.test(pathname) && searchParams.get('preview') === '1';
}

/**
 * The security headers of every answer (docs/web-quality.md): a Content-Security-Policy with no
 * inline script that allows our own origin, our socket and the configured video origins; no
 * framing except preview mode by the configured origins; HSTS only on HTTPS; nosniff and
 * no-referrer (helmet's defaults).
 */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(async (app, options) => {
  const own = new URL(options.publicUrl);
  const socket = `${own.protocol === 'https:' ? 'wss:' : 'ws:'}//${own.host}`;
  const embeddable = (req: IncomingMessage) => options.embedOrigins.length > 0 && isPreviewPage(req.url);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
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
    },
    // HSTS is sent by the hook below, only over HTTPS.
    strictTransportSecurity: false,
    // X-Frame-Options can name no origin: DENY, dropped where an overlay may embed preview mode.
    xFrameOptions: { action: 'deny' },
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    if (embeddable(request.raw)) reply.raw.removeHeader('X-Frame-Options');
  });
});
