import type * as z from 'zod';
import { catalogueMessage, GENERIC_ERROR_MESSAGE } from '@ruthless/protocol';
import { useSessionStore } from '@/stores/session-store';
import { API_BASE_URL } from './api-base-url';

export { API_BASE_URL };

/**
 * A failed call, normalised: what to show (`message`), the server's `code` and the `field` at
 * fault; for an answer the app could not read, what was wrong with it (`detail`, for developers).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly field: string | undefined;
  readonly detail: string | undefined;

  constructor(message: string, options: { status: number; code?: string; field?: string; detail?: string }) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.field = options.field;
    this.detail = options.detail;
  }
}

/** The code of an answer that is not what the protocol says it is (not JSON, or not the schema's shape). */
export const UNREADABLE_RESPONSE_CODE = 'response/unreadable' as const;

type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * A call whose answer is read: the protocol's schema of the endpoint's response, or a loader of
 * it (`() => import('@ruthless/protocol/rooms').then((p) => p.roomsResponseSchema)`) for a route that
 * must not bundle zod up front (the landing): it loads while the request is on its way.
 */
export interface ParsedRequestOptions<Schema extends z.ZodType> extends RequestOptions {
  schema: Schema | (() => Promise<Schema>);
}

function unreadable(method: string, path: string, status: number, why: string): ApiError {
  const detail = `${method} ${path} answered ${status} with ${why}`;
  // The player sees the generic message; the developer needs to know which field broke.
  console.error(`Unreadable API response: ${detail}`);
  return new ApiError(GENERIC_ERROR_MESSAGE, { status, code: UNREADABLE_RESPONSE_CODE, detail });
}

/** Reads an answer's body against the endpoint's schema (no schema: the body as it came). */
function readBody(
  method: string,
  path: string,
  response: Response,
  text: string,
  schema: z.ZodType | undefined,
): unknown {
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      throw unreadable(method, path, response.status, 'a body that is not JSON');
    }
  }
  if (!schema) return body;
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(body)'}: ${issue.message}`);
  throw unreadable(method, path, response.status, `a body not of the expected shape (${issues.join('; ')})`);
}

function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE_URL.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * Turns an error body into an ApiError. The API answers `{statusCode, code, message, field?}`;
 * Better Auth answers `{code, message}`. A code of the catalogue (docs/player-app.md, Messages) shows the catalogue's text.
 */
export async function toApiError(response: Response): Promise<ApiError> {
  let body: { code?: unknown; message?: unknown; field?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not JSON (a proxy's error page): the generic message will do.
  }
  const code = typeof body.code === 'string' ? body.code : undefined;
  const serverMessage = typeof body.message === 'string' && body.message ? body.message : undefined;
  const fromCatalogue = catalogueMessage(code);
  const message =
    fromCatalogue !== GENERIC_ERROR_MESSAGE ? fromCatalogue : (serverMessage ?? GENERIC_ERROR_MESSAGE);
  return new ApiError(message, {
    status: response.status,
    code,
    field: typeof body.field === 'string' ? body.field : undefined,
  });
}

async function request(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions & { schema?: z.ZodType | (() => Promise<z.ZodType>) } = {},
): Promise<unknown> {
  const schema = typeof options.schema === 'function' ? options.schema() : options.schema;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = useSessionStore.getState().accessToken;
  // docs/player-app.md (Calls): the token goes unprefixed.
  if (token && !headers.Authorization) headers.Authorization = token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(GENERIC_ERROR_MESSAGE, { status: 0, code: 'network' });
  }
  if (!response.ok) throw await toApiError(response);
  const text = response.status === 204 ? '' : await response.text();
  return readBody(method, path, response, text, await schema);
}

interface Call {
  /** With the endpoint's schema: the answer parsed and typed, or an ApiError when it does not match. */
  <Schema extends z.ZodType>(path: string, options: ParsedRequestOptions<Schema>): Promise<z.output<Schema>>;
  /** Without one: an answer the caller does not read (unknown). */
  (path: string, options?: RequestOptions): Promise<unknown>;
}

interface CallWithBody {
  <Schema extends z.ZodType>(
    path: string,
    body: unknown,
    options: ParsedRequestOptions<Schema>,
  ): Promise<z.output<Schema>>;
  (path: string, body?: unknown, options?: RequestOptions): Promise<unknown>;
}

/**
 * The one HTTP client of the app (docs/player-app.md, Calls). Each api function passes the
 * protocol's schema of its endpoint's response (imported on its own, so a route bundles only the
 * schemas it calls) and gets the body parsed; an answer of another shape is an ApiError.
 */
export const api: {
  get: Call;
  delete: Call;
  post: CallWithBody;
  put: CallWithBody;
  patch: CallWithBody;
} = {
  get: (path: string, options?: RequestOptions) => request('GET', path, undefined, options),
  delete: (path: string, options?: RequestOptions) => request('DELETE', path, undefined, options),
  post: (path: string, body?: unknown, options?: RequestOptions) => request('POST', path, body, options),
  put: (path: string, body?: unknown, options?: RequestOptions) => request('PUT', path, body, options),
  patch: (path: string, body?: unknown, options?: RequestOptions) => request('PATCH', path, body, options),
};

/** The message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return GENERIC_ERROR_MESSAGE;
}
