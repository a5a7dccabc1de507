import { ZShowsAttended } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FAN_LIST_STALE_TIME, fanKeys } from '@/api/fan';
import { apiRequest } from '@/lib/api-client';

export function getShowsAttended(signal?: AbortSignal) {
  return apiRequest('/api/fan/shows-attended', { schema: ZShowsAttended, signal });
}

export function showsAttendedQueryOptions() {
  return queryOptions({
    queryKey: fanKeys.attended,
    queryFn: ({ signal }) => getShowsAttended(signal),
    staleTime: FAN_LIST_STALE_TIME,
  });
}

/** The fan's history, most recent first, with the Total Shows / Venues / This Year tiles. */
export function useShowsAttended() {
  return useQuery(showsAttendedQueryOptions());
}
