import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Preview mode, `/game/{id}?preview=1`: the one page a stream overlay may embed. */
export function isPreviewPage(url: string | undefined): boolean {
  if (!url) return false;
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  return /^\/game\/[^/]+\/?$/.test(pathname) && searchParams.get('preview') === '1';
}

/**
 * The headers helmet writes for these options, read once: they are the same for every answer,
 * and helmet (through @fastify/helmet, which builds it again per request) was the largest cost of
 * a cached GET and 3 % of a claim (docs/performance.md).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => (headers[name] = value),
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
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

    const headers = (frameAncestors: string[]) =>
      helmetHeaders({
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
            frameAncestors,
            upgradeInsecureRequests: own.protocol === 'https:' ? [] : null,
          },
        },
        // HSTS is sent below, only over HTTPS.
        strictTransportSecurity: false,
        // X-Frame-Options can name no origin: DENY, and none where an overlay may embed preview mode.
        xFrameOptions: frameAncestors[0] === "'none'" ? { action: 'deny' } : false,
      });
    const unframed = headers(["'none'"]);
    const framed = options.embedOrigins.length > 0 ? headers(options.embedOrigins) : unframed;

    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(embeddable(request.raw) ? framed : unframed);
      if (request.protocol === 'https' || options.nodeEnv === 'production') {
        reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      }
      done();
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
