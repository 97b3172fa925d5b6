import { createBrowserRouter, RouterProvider } from 'react-router';
import { areaErrorBoundary, RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { PublicLayout } from '@/components/layouts/public-layout';
import { RootLayout } from '@/components/layouts/root-layout';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { afterFirstPaint, useFirstPaint } from './first-paint';

/** The loading screen while the first route's code loads: the app's first paint. */
function FirstScreen() {
  useFirstPaint();
  return <LoadingScreen />;
}

/**
 * The routes of docs/player-app.md (Screens). Every screen, and the signed-in shell (the start-up
 * gate and the app layout, with Better Auth's client and the forms), loads on demand, so each
 * route downloads only its own code (budgets in apps/web/vite/route-budgets.ts); their chunks keep
 * the module's name (assets/game-*.js). A route that throws, or whose chunk fails to load, shows
 * the crash screen: in place of its own area inside the app's frame for the signed-in areas (the
 * menu still works), full screen otherwise. A lazy route's chunk that fails to load is caught by
 * its parent's boundary, hence the pathless parents. Their code is asked for once the loading
 * screen is painted (first-paint.ts).
 */
export function createAppRouter() {
  return createBrowserRouter(
    afterFirstPaint([
      {
        Component: RootLayout,
        ErrorBoundary: RouteErrorBoundary,
        HydrateFallback: FirstScreen,
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
                // The link of a reminder mail: signed out too.
                path: 'unsubscribe',
                lazy: async () => ({ Component: (await import('./routes/unsubscribe')).UnsubscribeRoute }),
              },
              {
                // Public: visitors read it from the landing, players from the menu.
                path: 'how-to-play',
                lazy: async () => ({ Component: (await import('./routes/how-to-play')).HowToPlayRoute }),
              },
              {
                // An ended show's public results, the page a shared link opens: signed out too.
                path: 'game/:id/results',
                lazy: async () => ({
                  Component: (await import('./routes/game-results')).GameResultsRoute,
                }),
              },
              {
                path: '*',
                lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
              },
            ],
          },
          {
            // Signed-in routes, behind the start-up gate (docs/player-app.md, Start-up gate).
            lazy: async () => ({
              Component: (await import('@/features/auth/components/start-up-gate')).StartUpGate,
            }),
            children: [
              {
                // The host console: its own laptop layout, and a chunk players never load.
                path: 'host/*',
                lazy: async () => ({ Component: (await import('./routes/host')).HostRoute }),
              },
              {
                lazy: async () => ({
                  Component: (await import('./routes/player-shell')).PlayerShell,
                }),
                children: [
                  {
                    ErrorBoundary: areaErrorBoundary('lobby'),
                    children: [
                      {
                        index: true,
                        lazy: async () => ({ Component: (await import('./routes/lobby')).LobbyRoute }),
                      },
                    ],
                  },
                  {
                    ErrorBoundary: areaErrorBoundary('purchase'),
                    children: [
                      {
                        path: 'purchase/:roomUuid/:gameUuid',
                        lazy: async () => ({ Component: (await import('./routes/purchase')).PurchaseRoute }),
                      },
                    ],
                  },
                  {
                    ErrorBoundary: areaErrorBoundary('game'),
                    children: [
                      {
                        path: 'game/:id',
                        lazy: async () => ({ Component: (await import('./routes/game')).GameRoute }),
                      },
                      {
                        // Watch again: signed out too (the start-up gate lets visitors through).
                        path: 'game/:id/replay',
                        lazy: async () => ({
                          Component: (await import('./routes/game-replay')).GameReplayRoute,
                        }),
                      },
                    ],
                  },
                  {
                    ErrorBoundary: areaErrorBoundary('profile'),
                    children: [
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
        ],
      },
    ]),
  );
}

const router = createAppRouter();

/** Moves the app to `path` from outside any screen (a notification's tap). */
export function navigateTo(path: string): void {
  void router.navigate(path);
}

export function AppRouter() {
  return <RouterProvider router={router} />;
}
