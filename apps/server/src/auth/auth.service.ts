import type { z } from 'zod';
import {
  AuthErrorCode,
  ErrorCode,
  INVALID_RESET_CODE_MESSAGE,
  catalogueMessage,
  passwordResetRequestSchema,
  resetPasswordRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
  socialSignInRequestSchema,
  updateUserRequestSchema,
  type AuthProvidersResponse,
  type ErrorResponse,
} from '@ruthless/protocol';
import { isDatabaseUnavailable, isPoolExhausted } from '../db/postgres-errors';
import { BusyError, InvalidError, UnavailableError } from '../errors';
import { requestPath, requestQuery } from '../request-path';
import {
  CLIENT_IP_HEADER,
  authRequestReports,
  type Auth,
  type AuthLog,
  type AuthRequestReport,
} from './auth';

/** An HTTP request for Better Auth, whatever server received it. */
export interface AuthRequest {
  method: string;
  /** Path and query, e.g. `/api/auth/sign-in/email`. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON, a raw form string, or nothing. */
  body: unknown;
  ip: string;
}

export interface AuthResponse {
  status: number;
  headers: [string, string][];
  setCookies: string[];
  body: string | null;
}

/** The bodies we check before Better Auth sees them (its own checks are looser). */
const REQUEST_SCHEMAS: Record<string, z.ZodType> = {
  'POST /api/auth/sign-up/email': signUpRequestSchema,
  'POST /api/auth/sign-in/email': signInRequestSchema,
  'POST /api/auth/request-password-reset': passwordResetRequestSchema,
  'POST /api/auth/reset-password': resetPasswordRequestSchema,
  'POST /api/auth/sign-in/social': socialSignInRequestSchema,
  'POST /api/auth/update-user': updateUserRequestSchema,
};

/**
 * Better Auth endpoints of features we leave off (email change and verification mails) or offer
 * only through a route of ours (account deletion: POST /api/safety/delete-account): refused here
 * as unknown routes rather than logged by Better Auth as server errors. Enable the feature in
 * auth.ts before taking a path off this list.
 */
const DISABLED_PATHS = new Set([
  '/api/auth/delete-user',
  '/api/auth/delete-user/callback',
  '/api/auth/change-email',
  '/api/auth/send-verification-email',
  '/api/auth/verify-email',
]);

/** The answer to an auth path that URL parsing would change (`/./`, `%2e`, `\`). */
const NOT_NORMALISED_MESSAGE = "path: must be in normal form (no '.' or '..' segments, no backslashes)";

/** Better Auth's error codes, as docs/player-app.md's Messages. */
const BETTER_AUTH_CODES: Record<string, string> = {
  USER_ALREADY_EXISTS: AuthErrorCode.emailAlreadyInUse,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: AuthErrorCode.emailAlreadyInUse,
  INVALID_EMAIL: AuthErrorCode.invalidEmail,
  INVALID_EMAIL_OR_PASSWORD: AuthErrorCode.wrongPassword,
  INVALID_PASSWORD: AuthErrorCode.wrongPassword,
  CREDENTIAL_ACCOUNT_NOT_FOUND: AuthErrorCode.wrongPassword,
  USER_NOT_FOUND: AuthErrorCode.userNotFound,
  INVALID_TOKEN: AuthErrorCode.invalidActionCode,
  TOKEN_EXPIRED: AuthErrorCode.invalidActionCode,
  PASSWORD_TOO_SHORT: AuthErrorCode.weakPassword,
};

const HOP_BY_HOP = new Set(['content-length', 'transfer-encoding', 'connection', 'set-cookie', 'keep-alive']);
const GENERIC_ZOD_MESSAGE = /^(Invalid|Too (big|small)|Unrecognized key)/;

/**
 * The accounts flow around Better Auth: checks request bodies with the shared schemas, hands
 * the request to Better Auth, and answers errors in the API's shape with docs/player-app.md's Messages codes
 * and messages.
 */
export class AuthService {
  constructor(
    private readonly auth: Auth,
    private readonly googleEnabled: boolean,
    private readonly log: AuthLog,
  ) {}

  async handle(request: AuthRequest): Promise<AuthResponse> {
    // Better Auth routes by the parsed URL's path (dot segments resolved, `\` read as `/`): our
    // lookups use that very path, and a path that parsing would change is refused, so no
    // spelling of a path can reach an endpoint without its schema.
    const sent = requestPath(request.url);
    const url = new URL(sent + requestQuery(request.url), this.auth.options.baseURL as string);
    const path = url.pathname;
    if (path !== sent) {
      return errorResponse(errorBody(400, ErrorCode.validation, NOT_NORMALISED_MESSAGE));
    }
    if (DISABLED_PATHS.has(path.replace(/\/+$/, ''))) {
      return errorResponse(errorBody(404, ErrorCode.notFound, `Route ${request.method} ${path} not found`));
    }
    let payloadBody = request.body;
    const schema = REQUEST_SCHEMAS[`${request.method} ${path}`];
    if (schema) {
      const parsed = schema.safeParse(payloadBody ?? {});
      if (!parsed.success) return errorResponse(validationError(parsed.error.issues[0]!));
      payloadBody = parsed.data;
    } else if (
      // Every JSON body Better Auth reads is an object; anything else would reach it unchecked.
      payloadBody !== undefined &&
      typeof payloadBody !== 'string' &&
      (payloadBody === null || typeof payloadBody !== 'object' || Array.isArray(payloadBody))
    ) {
      return errorResponse(errorBody(400, ErrorCode.validation, 'body: expects a JSON object'));
    } else {
      // No body of Better Auth's needs long text; some values come back in redirects' Location.
      const field = longTextField(payloadBody);
      if (field !== undefined) {
        return errorResponse(
          errorBody(
            400,
            ErrorCode.validation,
            `${field}: is too long (at most ${MAX_TEXT} characters)`,
            field,
          ),
        );
      }
    }

    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || name === 'content-length' || name === CLIENT_IP_HEADER) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
    }
    // The address Fastify resolved (trustProxy), never one the client claims.
    headers.set(CLIENT_IP_HEADER, request.ip);
    let payload: string | undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD' && payloadBody !== undefined) {
      payload = typeof payloadBody === 'string' ? payloadBody : JSON.stringify(payloadBody);
      if (typeof payloadBody !== 'string') headers.set('content-type', 'application/json');
    }

    const failure: AuthRequestReport = { errorLines: [] };
    const response = await authRequestReports.run(failure, () =>
      this.auth.handler(new Request(url, { method: request.method, headers, body: payload })),
    );
    // Our own fault only when the answer is a 5xx; otherwise the client's mistake.
    for (const line of failure.errorLines) {
      if (response.status >= 500)
        this.log.error({ source: 'better-auth', statusCode: response.status }, line);
      else this.log.warn({ source: 'better-auth', statusCode: response.status }, line);
    }
    const text = await response.text();
    if (response.status >= 500) {
      // A database out of reach is a 503 that says to try again, as on every other route.
      const refusal = isPoolExhausted(failure.error)
        ? new BusyError()
        : isDatabaseUnavailable(failure.error)
          ? new UnavailableError()
          : undefined;
      if (refusal) return errorResponse(errorBody(503, refusal.code, refusal.message));
    }
    if (response.status >= 400) {
      return {
        ...errorResponse(fromBetterAuth(response.status, text)),
        setCookies: response.headers.getSetCookie(),
      };
    }
    return {
      status: response.status,
      headers: [...response.headers].filter(([name]) => !HOP_BY_HOP.has(name)),
      setCookies: response.headers.getSetCookie(),
      body: text === '' ? null : text,
    };
  }

  /** Whether a reset code can still be used, without using it. */
  async checkResetCode(code: string): Promise<void> {
    const context = await this.auth.$context;
    const verification = await context.internalAdapter.findVerificationValue(`reset-password:${code}`);
    if (!verification || verification.expiresAt < new Date()) {
      throw new InvalidError(AuthErrorCode.invalidActionCode, INVALID_RESET_CODE_MESSAGE, 'code');
    }
  }

  providers(): AuthProvidersResponse {
    return { emailPassword: true, google: this.googleEnabled };
  }

  /** The public keys of identity tokens (the same as GET /api/auth/jwks). */
  async publicKeys() {
    return this.auth.api.getJwks();
  }
}

const MAX_TEXT = 4096;

/** The first field (or `body`, for a form) whose text is longer than MAX_TEXT. */
function longTextField(body: unknown, path = ''): string | undefined {
  if (typeof body === 'string') {
    // A whole form body (no path) holds several values: it may be twice as long.
    const limit = path ? MAX_TEXT : 2 * MAX_TEXT;
    return body.length > limit ? path || 'body' : undefined;
  }
  if (body === null || typeof body !== 'object') return undefined;
  for (const [key, value] of Object.entries(body)) {
    const found = longTextField(value, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

function validationError(issue: z.core.$ZodIssue): ErrorResponse {
  const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
  const field = issue.path.map(String).join('.') || keys[0] || undefined;
  if (field === 'email' && issue.message !== 'Email cannot be empty') {
    return errorBody(400, AuthErrorCode.invalidEmail, catalogueMessage(AuthErrorCode.invalidEmail), field);
  }
  if (
    (field === 'password' || field === 'newPassword') &&
    issue.message === 'Password must be at least 6 characters'
  ) {
    return errorBody(400, AuthErrorCode.weakPassword, catalogueMessage(AuthErrorCode.weakPassword), field);
  }
  if (field === 'token') {
    return errorBody(
      400,
      AuthErrorCode.invalidActionCode,
      catalogueMessage(AuthErrorCode.invalidActionCode),
      field,
    );
  }
  const message =
    GENERIC_ZOD_MESSAGE.test(issue.message) && field && !issue.message.includes(field)
      ? `${field}: ${issue.message}`
      : issue.message;
  return errorBody(400, ErrorCode.validation, message, field);
}

function fromBetterAuth(status: number, text: string): ErrorResponse {
  let parsed: { code?: unknown; message?: unknown } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // Not JSON: keep the status, answer with our own words.
  }
  const code = typeof parsed.code === 'string' ? parsed.code : undefined;
  const message = typeof parsed.message === 'string' ? parsed.message : undefined;
  if (status === 429) {
    return errorBody(429, AuthErrorCode.tooManyRequests, catalogueMessage(AuthErrorCode.tooManyRequests));
  }
  if (status >= 500) return errorBody(500, ErrorCode.internal, catalogueMessage(undefined));
  if (code?.startsWith('auth/')) return errorBody(status, code, message ?? catalogueMessage(code));
  if (code === 'PASSWORD_TOO_LONG') {
    return errorBody(
      400,
      ErrorCode.validation,
      'password: Password cannot be more than 128 characters',
      'password',
    );
  }
  const mapped = code ? BETTER_AUTH_CODES[code] : undefined;
  if (mapped) return errorBody(status, mapped, catalogueMessage(mapped));
  if (status === 401) return errorBody(401, ErrorCode.unauthorized, message ?? 'You need to sign in first.');
  if (status === 404) return errorBody(404, ErrorCode.notFound, message ?? 'Not found');
  return errorBody(
    status,
    code ? `auth/${code.toLowerCase().replaceAll('_', '-')}` : ErrorCode.validation,
    message ?? catalogueMessage(undefined),
  );
}

function errorBody(statusCode: number, code: string, message: string, field?: string): ErrorResponse {
  return field === undefined ? { statusCode, code, message } : { statusCode, code, message, field };
}

function errorResponse(error: ErrorResponse): AuthResponse {
  return {
    status: error.statusCode,
    headers: [
      ['content-type', 'application/json; charset=utf-8'],
      ['cache-control', 'no-store'],
    ],
    setCookies: [],
    body: JSON.stringify(error),
  };
}
