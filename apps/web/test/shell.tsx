import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { areaErrorBoundary, RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { AppLayout } from '@/components/layouts/app-layout';
import { RootLayout } from '@/components/layouts/root-layout';
import { createQueryClient } from '@/lib/query-client';

/**
 * The shell's component tests (issue 39): the app's frame as app/router.tsx builds it (the root
 * layout with its crash screen, the app layout with the bottom bar and the menu, one crash area
 * per screen), with stand-in screens, in a memory router. `screens` maps a path ('' for the lobby)
 * to what it shows; each screen has its area's crash card, as in the app.
 */
export function renderShell(
  path: string,
  screens: Record<string, RouteObject['element'] | Pick<RouteObject, 'lazy'>>,
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const areaOf = (screenPath: string) => screenPath.split('/')[0] || 'lobby';
  const routes: RouteObject[] = [
    {
      Component: RootLayout,
      ErrorBoundary: RouteErrorBoundary,
      children: [
        {
          Component: AppLayout,
          children: Object.entries(screens).map(([screenPath, screen]) => ({
            ErrorBoundary: areaErrorBoundary(areaOf(screenPath)),
            children: [
              screenPath === ''
                ? { index: true, element: screen as ReactNode }
                : isLazy(screen)
                  ? { path: screenPath, lazy: screen.lazy }
                  : { path: screenPath, element: screen as ReactNode },
            ],
          })),
        },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // The app's own query defaults: an answer not of the protocol's shape crashes its area.
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastContainer position="top-right" autoClose={false} theme="dark" newestOnTop />
    </QueryClientProvider>,
  );
  return { ...result, router };
}

function isLazy(screen: unknown): screen is Pick<RouteObject, 'lazy'> {
  return typeof screen === 'object' && screen !== null && 'lazy' in screen;
}

/** A signed identity token's look-alike (the app reads its claims; the server checks its signature). */
export function fakeIdentityToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'EdDSA', typ: 'JWT' })}.${part(claims)}.signature`;
}
