import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { vi } from 'vitest';

/**
 * The component tests' edge: a screen rendered with the app's real providers (queries, a router,
 * the toasts' container) and the real stores, with the network answered by a table of routes.
 * What a screen does with the server's answers is tested here; the trip to a real server is the
 * browser journeys' (e2e/).
 */

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

/** An answer: a JSON body with a status (200 when left out), or a whole Response. */
export type ApiAnswer = { status?: number; body?: unknown } | Response;
export type ApiHandler = (call: ApiCall, params: Record<string, string>) => ApiAnswer | Promise<ApiAnswer>;

/**
 * Stubs `fetch` with a table of routes, `'METHOD /api/path/:param'` → handler, and records every
 * call in order. A call no route answers gets a 404 JSON error and is listed in `unanswered`, so a
 * test can say none was left out.
 */
export function serveApi(routes: Record<string, ApiHandler>) {
  const calls: ApiCall[] = [];
  const unanswered: string[] = [];
  const table = Object.entries(routes).map(([key, handler]) => {
    const [method, pattern] = key.split(' ') as [string, string];
    const names: string[] = [];
    const source = pattern.replace(/:(\w+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { method, regex: new RegExp(`^${source}$`), names, handler };
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const text = typeof init.body === 'string' ? init.body : undefined;
      const call: ApiCall = {
        method,
        path: url.pathname,
        query: url.searchParams,
        headers: new Headers(init.headers),
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      calls.push(call);
      for (const route of table) {
        const match = route.method === method ? route.regex.exec(url.pathname) : null;
        if (!match) continue;
        const params = Object.fromEntries(route.names.map((name, i) => [name, match[i + 1]!]));
        const answer = await route.handler(call, params);
        if (answer instanceof Response) return answer;
        return json(answer.body ?? {}, answer.status ?? 200);
      }
      unanswered.push(`${method} ${url.pathname}`);
      return json({ code: 'test/no-route', message: `No test route for ${method} ${url.pathname}` }, 404);
    }),
  );
  const callsTo = (method: string, path: string) =>
    calls.filter((call) => call.method === method && call.path === path);
  return { calls, unanswered, callsTo };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Where the router is now, shown on the page so a test reads it as a player reads the screen. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The current address of the memory router (the `path` + query a test navigated to). */
export const currentLocation = () => screen.getByTestId('location').textContent;

/**
 * Renders a screen at `path` (matched by `route`, default the path itself) inside the app's
 * providers. Other addresses render only the location, so a navigation away is read with
 * `currentLocation()`.
 */
export function renderWithApp(
  ui: ReactNode,
  { path = '/', route = path.split('?')[0]!, routes = [] as { path: string; element: ReactNode }[] } = {},
): RenderResult & { queryClient: QueryClient; router: ReturnType<typeof createMemoryRouter> } {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [{ path: route, element: ui }, ...routes, { path: '*', element: null }].map(
      ({ path: routePath, element }) => ({
        path: routePath,
        element: (
          <>
            {element}
            <Location />
          </>
        ),
      }),
    ),
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastContainer position="top-right" autoClose={false} theme="dark" newestOnTop />
    </QueryClientProvider>,
  );
  return { ...result, queryClient, router };
}
