import { createBrowserRouter, RouterProvider } from 'react-router';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { PublicLayout } from '@/components/layouts/public-layout';
import { RootLayout } from '@/components/layouts/root-layout';
import { LoadingScreen } from '@/components/ui/loading-screen';

/**
 * The routes of docs/player-app.md. Every screen, and the signed-in shell (the start-up gate and
 * the app layout, with Better Auth's client and the forms), loads on demand, so each route
 * downloads only its own code (budgets in apps/web/vite/route-budgets.ts); their chunks keep the
 * module's name (assets/game-*.js). A route that throws, or whose chunk fails to load, shows the
 * crash screen.
 */
export function createAppRouter() {
  return createBrowserRouter([
    {
      Component: RootLayout,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: () => <LoadingScreen />,
      children: [
        {
          Component: PublicLayout,
          children: [
            {
              path: 'login',
              lazy: async () => ({ Component: (await import('./routes/login/login')).LoginRoute }),
            },
            {
              path: 'forgot-password',
              lazy: async () => ({
                Component: (await import('./routes/forgot-password')).ForgotPasswordRoute,
              }),
            },
            {
              path: '*',
              lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
            },
          ],
        },
        {
          // Signed-in routes, behind the start-up gate (SPEC.md §4).
          lazy: async () => ({
            Component: (await import('@/features/auth/components/start-up-gate')).StartUpGate,
          }),
          children: [
            {
              lazy: async () => ({ Component: (await import('@/components/layouts/app-layout')).AppLayout }),
              children: [
                {
                  index: true,
                  lazy: async () => ({ Component: (await import('./routes/lobby')).LobbyRoute }),
                },
                {
                  path: 'purchase/:roomUuid/:gameUuid',
                  lazy: async () => ({ Component: (await import('./routes/purchase')).PurchaseRoute }),
                },
                {
                  path: 'game/:id',
                  lazy: async () => ({ Component: (await import('./routes/game')).GameRoute }),
                },
                {
                  path: 'profile',
                  lazy: async () => ({ Component: (await import('./routes/profile')).ProfileRoute }),
                },
              ],
            },
          ],
        },
      ],
    },
  ]);
}

const router = createAppRouter();

export function AppRouter() {
  return <RouterProvider router={router} />;
}
