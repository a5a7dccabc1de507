import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { createRouter } from './router';

export function App() {
  // Created once per app, not per render (and not at import time, so tests get fresh ones).
  const [queryClient] = useState(createQueryClient);
  // The router's loaders prefetch into the same client the screens read.
  const [router] = useState(() => createRouter(queryClient));
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
