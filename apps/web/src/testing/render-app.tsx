import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
// The app loads its frames lazily (they stay out of the first pages' download). Loaded here up
// front, as they were before, so a test's first wait for a signed-in or public page is not spent
// transforming the header, bell and dialogs on a loaded machine.
import '@/app/layouts/app-layout';
import '@/app/layouts/public-layout';

type Entry = string | { pathname: string; state?: unknown };

/** The app's query client, except that a failed query fails at once instead of retrying. */
export function createTestQueryClient() {
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return queryClient;
}

/**
 * Renders the real app (providers, guards, lazy routes, prefetching loaders) at `entry`, in
 * memory. Only `fetch` is stubbed (see stub-api.ts); everything between the screen and the
 * network is the real code. Pass `queryClient` to start from a cache a test has filled.
 */
export function renderApp(entry: Entry, { queryClient = createTestQueryClient() } = {}) {
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [entry] });
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, user, router, queryClient };
}
