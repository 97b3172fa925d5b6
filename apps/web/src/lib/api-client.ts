import { catalogueMessage, GENERIC_ERROR_MESSAGE } from '@ruthless/protocol';
import { useSessionStore } from '@/stores/session-store';

/** The API's base address (docs/player-app.md (Calls): one client with a configured base). */
export const API_BASE_URL: string = import.meta.env.VITE_API_URL ?? '/api';

/** A failed call, normalised: what to show (`message`), the server's `code` and the `field` at fault. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly field: string | undefined;

  constructor(message: string, options: { status: number; code?: string; field?: string }) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.field = options.field;
  }
}

type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
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

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
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
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The one HTTP client of the app (docs/player-app.md, Calls). Each call returns the parsed JSON body. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};

/** The message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return GENERIC_ERROR_MESSAGE;
}
