import { ZRecommendations } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { discoveryKeys } from './discovery-query-keys';

/**
 * GET /api/discovery/recommended: touring artists of the fan's genres, playing nearby first;
 * nearby measured from home, or from one of the fan's other places (`placeId`).
 */
export function getRecommended(signal?: AbortSignal, placeId: string | null = null) {
  const query = placeId ? `?place=${encodeURIComponent(placeId)}` : '';
  return apiRequest(`/api/discovery/recommended${query}`, { schema: ZRecommendations, signal });
}

export const recommendedQueryOptions = queryOptions({
  queryKey: discoveryKeys.recommended,
  queryFn: ({ signal }) => getRecommended(signal),
});

/** Home's answer has the prefetched key (recommendedQueryOptions'); a place's its own. */
const recommendedFromQueryOptions = (placeId: string | null) =>
  queryOptions({
    queryKey: (placeId
      ? discoveryKeys.recommendedFrom(placeId)
      : discoveryKeys.recommended) as readonly string[],
    queryFn: ({ signal }) => getRecommended(signal, placeId),
  });

export function useRecommended(placeId: string | null = null) {
  return useQuery(recommendedFromQueryOptions(placeId));
}
