import { ZFanPlaces } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/fan/places: the places the fan keeps besides home (Settings edits them; Discovery measures from them). */
export function getFanPlaces(signal?: AbortSignal) {
  return apiRequest('/api/fan/places', { schema: ZFanPlaces, signal });
}

export const fanPlacesQueryKey = ['fan', 'places'] as const;

export function fanPlacesQueryOptions() {
  return queryOptions({
    queryKey: fanPlacesQueryKey,
    queryFn: ({ signal }) => getFanPlaces(signal),
  });
}

export function useFanPlaces() {
  return useQuery(fanPlacesQueryOptions());
}
