import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { GuestOnly } from './guards/guest-only';
import { RequireUser } from './guards/require-user';
import { AppLayout } from './layouts/app-layout';
import { PublicLayout } from './layouts/public-layout';
import { AREA_PAGES } from './routes/area-pages';
import { AREA_SCREENS } from './routes/area-screens';
import { PUBLIC_ROUTES } from './routes/public-pages';
import { RouteError } from './routes/route-error';
import type { AreaHandle } from './routes/use-area-page';

// Every page is its own chunk: the splash should not wait for the forms' validation code.
const areaRoutes: RouteObject[] = AREA_PAGES.map((area) => ({
  path: area.path,
  handle: { area } satisfies AreaHandle,
  lazy:
    AREA_SCREENS[area.path] ??
    (async () => ({
      Component: (await import('./routes/area-placeholder')).AreaPlaceholder,
    })),
}));

export const routes: RouteObject[] = [
  {
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    children: [
      {
        path: paths.splash.path,
        lazy: async () => ({
          Component: (await import('@/features/onboarding/routes/splash')).SplashRoute,
        }),
      },
      {
        path: paths.landing.path,
        lazy: async () => ({ Component: (await import('./routes/landing')).Landing }),
      },
      // The spec leaves /auth's target open; the login screen is the useful answer.
      { path: paths.auth.root.path, element: <Navigate to={paths.auth.login.href()} replace /> },
      {
        Component: GuestOnly,
        children: [
          {
            path: paths.auth.login.path,
            lazy: async () => ({
              Component: (await import('@/features/auth/routes/login')).LoginRoute,
            }),
          },
          {
            path: paths.auth.createAccount.path,
            lazy: async () => ({
              Component: (await import('@/features/auth/routes/create-account')).CreateAccountRoute,
            }),
          },
        ],
      },
      { Component: RequireUser, children: [{ Component: AppLayout, children: areaRoutes }] },
      // Outside the role guards: shows, artists and venues are for everyone.
      { Component: PublicLayout, children: PUBLIC_ROUTES },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('@/features/not-found/routes/not-found')).NotFoundRoute,
        }),
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
