import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fanUrls } from '@/api/fan';
import { unreadCountUrl } from '@/api/notification-keys';
import { sessionQueryKey } from '@/features/auth/api/get-session';
import { home, stubFan } from '@/features/fan-shows/testing/fixtures';
import { venueDashboardKeys } from '@/features/venue-dashboard/api/get-venue-dashboard';
import { fullVenueDashboard, venue } from '@/features/venue-dashboard/testing/fixtures';
import { watchingQueryKey } from '@/features/watching/api/get-watching';
import { stubWatchingFan, watchedAlert } from '@/features/watching/testing/fixtures';
import { createTestQueryClient, renderApp } from '@/testing/render-app';
import { apiError, callsTo, json, sessionUser, stubApi } from '@/testing/stub-api';
import { createRoutes } from '../router';

function findRoute(routes: RouteObject[], path: string): RouteObject | undefined {
  for (const route of routes) {
    if (route.path === path) return route;
    const inner = findRoute(route.children ?? [], path);
    if (inner) return inner;
  }
  return undefined;
}

/** Runs the loader of `path`'s route the way the router does on a navigation there. */
async function runLoader(queryClient: QueryClient, path: string, search = '') {
  const loader = findRoute(createRoutes(queryClient), path)?.loader;
  if (typeof loader !== 'function') throw new Error(`no loader on ${path}`);
  const args = {
    request: new Request(`http://localhost${path}${search}`),
    params: {},
    context: {},
  };
  return loader(args as LoaderFunctionArgs);
}

const fan = sessionUser({ role: 'fan', profileComplete: true });

describe("a page's loader", () => {
  it("fetches the screen's query before it mounts, so the screen makes no second request", async () => {
    const fetchMock = stubWatchingFan([watchedAlert()]);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionQueryKey, { user: fan });
    expect(await runLoader(queryClient, '/watching')).toBeNull();
    await waitFor(() =>
      expect(queryClient.getQueryState(watchingQueryKey)?.status).toBe('success'),
    );
    expect(callsTo(fetchMock, 'GET /api/alerts/watching')).toHaveLength(1);

    renderApp('/watching', { queryClient });
    await screen.findByRole('article', { name: 'Night Static' });
    expect(callsTo(fetchMock, 'GET /api/alerts/watching')).toHaveLength(1);
  });

  it("starts the dashboard's reads and the bell's count once the session is known, before the page's code runs, and the page takes them over: one request each", async () => {
    // Whether the page's heading was on screen when each request first started: noted then,
    // not looked for afterwards (on a loaded machine the page may have rendered by then).
    const pageShownAtStart: Record<string, boolean> = {};
    const noting = (name: string, answer: () => Response) => () => {
      pageShownAtStart[name] ??= document.querySelector('h1') !== null;
      return answer();
    };
    const fetchMock = stubFan({
      'GET /api/fan/home': noting('home', () => json(home())),
      'GET /api/fan/finish-setup': noting('finish-setup', () => json({ visible: false })),
      'GET /api/notifications': noting('count', () =>
        json({ items: [], nextCursor: null, unread: 3 }),
      ),
    });
    const { router } = renderApp('/dashboard');
    const started = () => fetchMock.mock.calls.map(([input]) => String(input));
    // Started by the loaders (app/routes/prefetch.ts), not by the screen, which has not mounted.
    await waitFor(() =>
      expect(started()).toEqual(
        expect.arrayContaining([fanUrls.home, fanUrls.finishSetup, unreadCountUrl]),
      ),
    );
    expect(pageShownAtStart).toEqual({ home: false, 'finish-setup': false, count: false });

    await screen.findByRole('list', { name: 'Your shows' });
    expect((await screen.findByTestId('notification-badge')).textContent).toBe('3');
    for (const url of [fanUrls.home, fanUrls.finishSetup, unreadCountUrl]) {
      expect(started().filter((u) => u === url)).toHaveLength(1);
    }
    // Back on the page later: the lists are read again (staleTime 0), as before.
    await router.navigate('/alerts');
    await router.navigate('/dashboard');
    await waitFor(() => expect(started().filter((u) => u === fanUrls.home)).toHaveLength(2));
  });

  it('waits for the session the app reads, and asks nothing for a role the guard refuses', async () => {
    const venue = sessionUser({ role: 'venue', profileComplete: true });
    const fetchMock = stubApi({ 'GET /api/account/session': () => json({ user: venue }) });
    const { router } = renderApp('/settings/performer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/venue-dashboard'));
    await screen.findByRole('heading', { name: 'Venue Dashboard', level: 1 });
    expect(callsTo(fetchMock, 'GET /api/profile/performer')).toHaveLength(0);
    expect(callsTo(fetchMock, 'GET /api/account/session')).toHaveLength(1);
  });

  it('asks nothing for a signed-out visitor, who is sent to /landing', async () => {
    const fetchMock = stubWatchingFan([watchedAlert()], {
      'GET /api/account/session': () => json({ user: null }),
    });
    const { router } = renderApp('/watching');
    await screen.findByRole('radiogroup');
    expect(router.state.location.pathname).toBe('/landing');
    expect(callsTo(fetchMock, 'GET /api/alerts/watching')).toHaveLength(0);
  });

  it('turns a failed prefetch into the screen’s own error, not a route error', async () => {
    const fetchMock = stubWatchingFan([], {
      'GET /api/alerts/watching': () => apiError(500, 'INTERNAL', 'Something went wrong.'),
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionQueryKey, { user: fan });
    expect(await runLoader(queryClient, '/watching')).toBeNull();
    await waitFor(() => expect(queryClient.getQueryState(watchingQueryKey)?.status).toBe('error'));

    renderApp('/watching', { queryClient });
    expect(await screen.findByText(/We could not load your alerts/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    expect(callsTo(fetchMock, 'GET /api/alerts/watching').length).toBeGreaterThan(0);
  });

  it("prefetches the venue dashboard for the URL's ?period=, the one the screen shows", async () => {
    const fetchMock = stubApi({
      'GET /api/dashboards/venue': ({ query }) =>
        json(fullVenueDashboard(Number(query.get('period')))),
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionQueryKey, { user: venue });
    await runLoader(queryClient, '/venue-dashboard', '?period=90');
    await waitFor(() =>
      expect(queryClient.getQueryState(venueDashboardKeys.period(90))?.status).toBe('success'),
    );
    expect(queryClient.getQueryState(venueDashboardKeys.period(30))).toBeUndefined();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual([
      '/api/dashboards/venue?period=90',
    ]);
  });
});
