import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authProvidersResponseSchema, resetCodeResponseSchema } from '@ruthless/protocol';
import { clearedInviteCookie, inviteCodeFromCookies } from '../../../invites/invite-cookie';
import { errorResponses } from '../../../schemas/errors';

/** No body of ours nests deeper; deeper JSON would only feed recursion (stack overflow). */
const MAX_JSON_DEPTH = 16;

/** Whether JSON text nests arrays/objects deeper than `max`, without parsing it. */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const character = text[i];
    if (inString) {
      if (character === '\\') i++;
      else if (character === '"') inString = false;
    } else if (character === '"') inString = true;
    else if (character === '{' || character === '[') {
      if (++depth > max) return true;
    } else if (character === '}' || character === ']') depth--;
  }
  return false;
}

/**
 * /api/auth: Better Auth's endpoints (sign-up, sign-in, sign-out, reset, token, jwks, Google),
 * plus two of ours: the reset-code check and the list of sign-in providers.
 */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.accounts.authService;
  // Better Auth's clients post empty bodies (sign-out) and the OIDC callback may post a form.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, raw, done) => {
    const text = String(raw);
    if (text.trim() === '') return done(null, undefined);
    if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(
        Object.assign(new Error(`body: JSON nests deeper than ${MAX_JSON_DEPTH} levels`), {
          statusCode: 400,
        }),
        undefined,
      );
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('body: expects JSON'), { statusCode: 400 }), undefined);
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, raw, done) => done(null, String(raw)),
  );

  // The code goes in the body, never in the address: addresses are written to access logs.
  app.post(
    '/reset-code',
    {
      schema: {
        tags: ['auth'],
        summary: 'Checks a password reset code without using it',
        body: z.object({ code: z.string().min(1).max(256) }),
        response: { 200: resetCodeResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      await service.checkResetCode(request.body.code);
      return { valid: true as const };
    },
  );

  app.get(
    '/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'The sign-in methods this server offers (Google only when configured)',
        response: { 200: authProvidersResponseSchema },
      },
    },
    async () => service.providers(),
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/*',
    schema: {
      tags: ['auth'],
      summary: 'Better Auth: sign-up/in/out, reset, token, jwks, Google (sign-in/social, callback)',
    },
    handler: async (request, reply) => {
      const response = await service.handle({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: request.body,
        ip: request.ip,
      });
      if (response.status >= 400) {
        request.log.info({ statusCode: response.status, body: response.body }, 'auth request refused');
      }
      void reply.status(response.status);
      for (const [name, value] of response.headers) void reply.header(name, value);
      for (const cookie of response.setCookies) void reply.header('set-cookie', cookie);
      // Signed up or in: the invite the visitor came through has done its part (it counted
      // only if this made a new account), so it is not carried to another account later.
      const signedIn = response.setCookies.some((cookie) =>
        /^(?:__Secure-)?ruthless\.session_token=[^;]/.test(cookie),
      );
      if (signedIn && inviteCodeFromCookies(request.headers.cookie)) {
        void reply.header('set-cookie', clearedInviteCookie(app.config.publicUrl.startsWith('https://')));
      }
      return reply.send(response.body ?? undefined);
    },
  });
};

export default authRoutes;
