import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { GuestOnly } from './guards/guest-only';
import { RequireUser } from './guards/require-user';
import { RootFrame } from './layouts/root-frame';
import { ROUTE_TABLE, type RouteRow } from './route-table';
import { onEnterOnly, onNewPathOnly, prefetchLoader, signedInFrameLoader } from './routes/prefetch';
import { RouteError } from './routes/route-error';
import type { SignedInHandle } from './routes/use-signed-in-page';

/*
 * The frames of the signed-in and public pages load with their first page, like the screens: the
 * first pages a new visitor opens (splash, landing, sign-up, login) have neither, and their header,
 * bell, feedback dialog and navigation would otherwise be in every visitor's first download (the
 * budget in scripts/check-bundle-size.mjs).
 */
const appLayout = async () => ({
  Component: (await import('./layouts/app-layout')).AppLayout,
});
const publicLayout = async () => ({
  Component: (await import('./layouts/public-layout')).PublicLayout,
});

/** One route of the table: its screen (each its own chunk) and the loader that prefetches for it. */
function toRoute(queryClient: QueryClient, row: RouteRow): RouteObject {
  if (row.access === 'redirect') {
    return { path: row.path, element: <Navigate to={row.to} replace /> };
  }
  const loader = prefetchLoader(queryClient, row);
  return {
    path: row.path,
    lazy: row.screen,
    ...(loader && { loader, shouldRevalidate: onNewPathOnly }),
    ...(row.access === 'signed-in' && { handle: { page: row } satisfies SignedInHandle }),
  };
}

/**
 * The routes, built from ROUTE_TABLE: each row under the guard and frame its access names. Nothing
 * here changes when a page is added.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const routesWhere = (test: (row: RouteRow) => boolean) =>
    ROUTE_TABLE.filter(test).map((row) => toRoute(queryClient, row));
  return [
    {
      Component: RootFrame,
      HydrateFallback: PageSpinner,
      ErrorBoundary: RouteError,
      children: [
        ...routesWhere((row) => row.access === 'redirect'),
        ...routesWhere((row) => row.access === 'public' && !row.frame),
        {
          Component: GuestOnly,
          children: routesWhere((row) => row.access === 'guest-only' && !row.whileChecking),
        },
        {
          element: <GuestOnly showWhileChecking />,
          children: routesWhere((row) => row.access === 'guest-only' && !!row.whileChecking),
        },
        {
          Component: RequireUser,
          children: [
            {
              lazy: appLayout,
              loader: signedInFrameLoader(queryClient),
              shouldRevalidate: onEnterOnly,
              children: routesWhere((row) => row.access === 'signed-in'),
            },
          ],
        },
        {
          lazy: publicLayout,
          children: routesWhere((row) => row.access === 'public' && row.frame === 'public'),
        },
      ],
    },
  ];
}

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
