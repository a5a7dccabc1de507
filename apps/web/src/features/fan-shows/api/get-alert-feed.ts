import { ZAlertFeed } from '@encore/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { FAN_LIST_STALE_TIME, fanKeys } from '@/api/fan';
import { apiRequest } from '@/lib/api-client';

export const ALERT_PAGE_SIZE = 20;

export function getAlertFeed(cursor: string | null, signal?: AbortSignal) {
  const query: Record<string, string> = { limit: String(ALERT_PAGE_SIZE) };
  if (cursor) query.cursor = cursor;
  return apiRequest('/api/fan/alerts', { schema: ZAlertFeed, query, signal });
}

export function alertFeedQueryOptions() {
  return infiniteQueryOptions({
    queryKey: fanKeys.alerts,
    queryFn: ({ pageParam, signal }) => getAlertFeed(pageParam, signal),
    initialPageParam: null as string | null,
    // Keyset paging: the server's opaque cursor, null once the feed is exhausted.
    getNextPageParam: (last) => last.nextCursor,
    staleTime: FAN_LIST_STALE_TIME,
  });
}

/** 'Your Alerts', nearest date first, a page at a time ('Load more'). */
export function useAlertFeed() {
  return useInfiniteQuery(alertFeedQueryOptions());
}
