import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

type Entry = string | { pathname: string; state?: unknown };

/**
 * Renders the real app (providers, guards, lazy routes) at `entry`, in memory. Only `fetch` is
 * stubbed (see stub-api.ts); everything between the screen and the network is the real code.
 */
export function renderApp(entry: Entry) {
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  // A failed query fails at once in tests instead of retrying with back-off.
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [entry] });
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, user, router, queryClient };
}
