import { ZRecommendations } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { discoveryKeys } from './discovery-query-keys';

/** GET /api/discovery/recommended: touring artists of the fan's genres, playing nearby first. */
export function getRecommended(signal?: AbortSignal) {
  return apiRequest('/api/discovery/recommended', { schema: ZRecommendations, signal });
}

export const recommendedQueryOptions = queryOptions({
  queryKey: discoveryKeys.recommended,
  queryFn: ({ signal }) => getRecommended(signal),
});

export function useRecommended() {
  return useQuery(recommendedQueryOptions);
}
