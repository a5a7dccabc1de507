import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import type { createRouter } from './router';

/**
 * The app over its query client and router, both made once by main.tsx (tests make their own,
 * testing/render-app.tsx); the router's loaders prefetch into the same client the screens read.
 */
export function App({
  queryClient,
  router,
}: {
  queryClient: QueryClient;
  router: ReturnType<typeof createRouter>;
}) {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
