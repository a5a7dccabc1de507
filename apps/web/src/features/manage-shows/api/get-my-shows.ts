import { ZShowList } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const myShowsQueryKey = ['shows', 'mine'] as const;

/** GET /api/shows/mine: the signed-in performer's or venue's shows. */
export function getMyShows(signal?: AbortSignal) {
  return apiRequest('/api/shows/mine', { schema: ZShowList, signal });
}

export function myShowsQueryOptions() {
  return queryOptions({
    queryKey: myShowsQueryKey,
    queryFn: ({ signal }) => getMyShows(signal),
  });
}

export function useMyShows() {
  return useQuery(myShowsQueryOptions());
}
