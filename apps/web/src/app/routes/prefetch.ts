import type { TSessionResponse, TSessionUser } from '@encore/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, Params, ShouldRevalidateFunction } from 'react-router';
import { sessionQueryKey } from '@/features/auth/api/get-session';
import { startEarly } from '@/lib/early-requests';
import { mayVisit, type PrefetchQuery, type RouteRow, SIGNED_IN_FRAME_EARLY } from '../route-table';

/**
 * The user once AuthProvider has read the session; null when signed out or when it cannot be
 * read. Never starts a read itself: the provider owns that request, its retries and its errors.
 */
function knownUser(queryClient: QueryClient): Promise<TSessionUser | null> {
  const settled = (): TSessionUser | null | undefined => {
    const state = queryClient.getQueryState<TSessionResponse>(sessionQueryKey);
    if (state?.data) return state.data.user ?? null;
    return state?.status === 'error' ? null : undefined;
  };
  const now = settled();
  if (now !== undefined) return Promise.resolve(now);
  return new Promise((resolve) => {
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      const user = settled();
      if (user === undefined) return;
      unsubscribe();
      resolve(user);
    });
  });
}

/** Whether the guard in front of `row` will show it to `user`: no requests for a refused visitor. */
function guardLetsIn(row: RouteRow, user: TSessionUser | null): boolean {
  if (row.access === 'signed-in') return user !== null && mayVisit(row, user);
  if (row.access === 'guest-only') return user === null;
  return true;
}

async function prefetchRow(
  queryClient: QueryClient,
  row: RouteRow,
  params: Params,
  search: URLSearchParams,
) {
  if (row.access === 'redirect' || !(row.prefetch || row.early)) return;
  if (row.access !== 'public' && !guardLetsIn(row, await knownUser(queryClient))) return;
  for (const url of row.early ?? []) startEarly(url);
  if (!row.prefetch) return;
  // One attempt: if it fails, the screen's own query tries again with the usual retries and
  // shows its own error state, as it did before there was a prefetch. prefetchQuery never throws.
  const load: PrefetchQuery = (options) => queryClient.prefetchQuery({ ...options, retry: false });
  // A chunk that fails to load is the screen's problem too: its own query reports it.
  await row.prefetch(load, params, search);
}

/**
 * The row's loader: starts its screen's queries while the screen's chunk downloads. It does not
 * wait for them (the page shows its own loading state at once, as before), and a failed prefetch
 * is never a route error.
 */
export function prefetchLoader(
  queryClient: QueryClient,
  row: RouteRow,
): LoaderFunction | undefined {
  if (row.access === 'redirect' || !(row.prefetch || row.early)) return undefined;
  return ({ params, request }) => {
    const search = new URL(request.url).searchParams;
    prefetchRow(queryClient, row, params, search).catch(() => undefined);
    return null;
  };
}

/**
 * The signed-in frame's loader: starts what the frame itself reads as it mounts (the bell's count)
 * once the session says someone is signed in. It runs when the frame is entered, not for each page
 * within it: the frame, and its bell, stay mounted from page to page.
 */
export function signedInFrameLoader(queryClient: QueryClient): LoaderFunction {
  return () => {
    void knownUser(queryClient).then((user) => {
      if (user) for (const url of SIGNED_IN_FRAME_EARLY) startEarly(url);
    });
    return null;
  };
}

/** The frame's loader runs as the frame is entered, not again for the pages within it. */
export const onEnterOnly: ShouldRevalidateFunction = () => false;

/** Loaders rerun for a new page or a new id, not when only the query string changes. */
export const onNewPathOnly: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) =>
  currentUrl.pathname !== nextUrl.pathname;
