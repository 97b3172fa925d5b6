import { createBrowserRouter, RouterProvider } from 'react-router';
import { areaErrorBoundary, RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { AppLayout } from '@/components/layouts/app-layout';
import { StartUpGate } from '@/features/auth/components/start-up-gate';
import { PublicLayout } from '@/components/layouts/public-layout';
import { RootLayout } from '@/components/layouts/root-layout';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { HostRoute } from './routes/host';
import { ForgotPasswordRoute } from './routes/forgot-password';
import { HowToPlayRoute } from './routes/how-to-play';
import { LobbyRoute } from './routes/lobby';
import { LoginRoute } from './routes/login/login';
import { NotFoundRoute } from './routes/not-found';
import { ProfileRoute } from './routes/profile';

/**
 * The routes of docs/player-app.md (Screens). Purchase and game load on demand; their chunks keep the module's
 * name (assets/purchase-*.js, assets/game-*.js). A route that throws, or whose chunk fails to
 * load, shows the crash screen: in place of its own area inside the app's frame for the
 * signed-in areas (the menu still works), full screen otherwise.
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
            { path: 'login', Component: LoginRoute },
            { path: 'forgot-password', Component: ForgotPasswordRoute },
            // Public: visitors read it from the landing, players from the menu.
            { path: 'how-to-play', Component: HowToPlayRoute },
            { path: '*', Component: NotFoundRoute },
          ],
        },
        {
          // Signed-in routes, behind the start-up gate (docs/player-app.md (Start-up gate)).
          Component: StartUpGate,
          children: [
            {
              // The host console: its own laptop layout, and a chunk players never load.
              path: 'host/*',
              Component: HostRoute,
            },
            {
              Component: AppLayout,
              children: [
                { index: true, Component: LobbyRoute, ErrorBoundary: areaErrorBoundary('lobby') },
                // A lazy route's chunk that fails to load is caught by its parent's boundary, hence
                // the pathless parents.
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
                  ],
                },
                { path: 'profile', Component: ProfileRoute, ErrorBoundary: areaErrorBoundary('profile') },
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
