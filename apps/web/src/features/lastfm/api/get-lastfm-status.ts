import { ZLastfmStatus } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const lastfmKeys = { status: ['lastfm', 'status'] as const };

/** GET /api/lastfm: whether this server can read Last.fm. */
export function getLastfmStatus(signal?: AbortSignal) {
  return apiRequest('/api/lastfm', { schema: ZLastfmStatus, signal });
}

export const lastfmStatusQueryOptions = queryOptions({
  queryKey: lastfmKeys.status,
  queryFn: ({ signal }) => getLastfmStatus(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useLastfmStatus() {
  return useQuery(lastfmStatusQueryOptions);
}
