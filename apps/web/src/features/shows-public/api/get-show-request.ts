import { ZShowRequestState } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const showRequestQueryKey = (artistId: string) => ['show-request', artistId] as const;

/** GET /api/artists/:id/show-request: the signed-in fan's request for a show near home. */
export function getShowRequest(artistId: string, signal?: AbortSignal) {
  return apiRequest(`/api/artists/${encodeURIComponent(artistId)}/show-request`, {
    schema: ZShowRequestState,
    signal,
  });
}

export function showRequestQueryOptions(artistId: string) {
  return queryOptions({
    queryKey: showRequestQueryKey(artistId),
    queryFn: ({ signal }) => getShowRequest(artistId, signal),
  });
}

export function useShowRequest(artistId: string) {
  return useQuery(showRequestQueryOptions(artistId));
}
