import { ROLES, type TRole } from '@encore/contract';
import { waitFor } from '@testing-library/react';
import { type ComponentType, isValidElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { homePathFor } from '@/features/auth/utils/home-path';
import { createTestQueryClient, renderApp } from '@/testing/render-app';
import { json, sessionUser, stubApi } from '@/testing/stub-api';
import { GuestOnly } from './guards/guest-only';
import { RequireUser } from './guards/require-user';
import { ROUTE_TABLE, type SignedInPage } from './route-table';
import { createRoutes } from './router';

const signedInPages = ROUTE_TABLE.filter((row): row is SignedInPage => row.access === 'signed-in');
const concrete = (path: string) => path.replace(':id', 'show-1');

/** Every route with a path, with the guard components it sits under. */
function leaves(routes: RouteObject[], guards: unknown[] = []): [RouteObject, unknown[]][] {
  return routes.flatMap((route) => {
    // A guard given with props (the splash's GuestOnly) is an element, not a Component.
    const guard = route.Component ?? (isValidElement(route.element) ? route.element.type : null);
    const under = guard ? [...guards, guard] : guards;
    const own: [RouteObject, unknown[]][] = route.path ? [[route, under]] : [];
    return [...own, ...leaves(route.children ?? [], under)];
  });
}

describe('the route table builds the routes', () => {
  const built = leaves(createRoutes(createTestQueryClient()));

  it('gives every row exactly one route, and nothing else a route', () => {
    expect(built.map(([route]) => route.path).sort()).toEqual(
      ROUTE_TABLE.map((row) => row.path).sort(),
    );
  });

  it('puts every signed-in row behind RequireUser and every guest-only row behind GuestOnly', () => {
    for (const [route, guards] of built) {
      const row = ROUTE_TABLE.find((r) => r.path === route.path);
      expect(guards.includes(RequireUser), route.path).toBe(row?.access === 'signed-in');
      expect(guards.includes(GuestOnly), route.path).toBe(row?.access === 'guest-only');
    }
  });

  it("resolves every page to its row's own lazy screen (its own chunk), never a stand-in", async () => {
    for (const [route] of built) {
      const row = ROUTE_TABLE.find((r) => r.path === route.path);
      if (row?.access === 'redirect') {
        expect(route.element, route.path).toBeTruthy();
        continue;
      }
      // The router adds no fallback: a row without a screen has no page at all, and fails here.
      expect(typeof row?.screen, route.path).toBe('function');
      expect(route.lazy, route.path).toBe(row?.screen);
      const lazy = route.lazy as () => Promise<{ Component: ComponentType }>;
      expect(typeof (await lazy()).Component, route.path).toBe('function');
    }
  });
});

/** [path, a role RequireUser must refuse there] for every signed-in row: its role and alsoFor only. */
const refusals = signedInPages.flatMap((page) =>
  ROLES.filter((role) => role !== page.role && !page.alsoFor?.includes(role)).map(
    (role) => [page.path, role] as const,
  ),
);

describe('RequireUser follows the table', () => {
  it.each(refusals)('%s sends a signed-in %s to their own home', async (path, role: TRole) => {
    const user = sessionUser({ role, profileComplete: true });
    stubApi({ 'GET /api/account/session': () => json({ user }) });
    const { router } = renderApp(concrete(path));
    await waitFor(() => expect(router.state.location.pathname).toBe(homePathFor(user)));
  });
});
