import { ZArtistAlertList } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const watchingQueryKey = ['alerts', 'watching'] as const;

/** GET /api/alerts/watching: the fan's artist alerts, newest first. */
export function getWatching(signal?: AbortSignal) {
  return apiRequest('/api/alerts/watching', { schema: ZArtistAlertList, signal });
}

export const watchingQueryOptions = queryOptions({
  queryKey: watchingQueryKey,
  queryFn: ({ signal }) => getWatching(signal),
});

export function useWatching() {
  return useQuery(watchingQueryOptions);
}
