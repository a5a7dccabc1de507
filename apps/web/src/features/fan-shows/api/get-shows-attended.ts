import { ZShowsAttended } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { FAN_LIST_STALE_TIME, fanQueryKeys } from './fan-query-keys';

export function getShowsAttended(signal?: AbortSignal) {
  return apiRequest('/api/fan/shows-attended', { schema: ZShowsAttended, signal });
}

export function showsAttendedQueryOptions() {
  return queryOptions({
    queryKey: fanQueryKeys.attended,
    queryFn: ({ signal }) => getShowsAttended(signal),
    staleTime: FAN_LIST_STALE_TIME,
  });
}

/** The fan's history, most recent first, with the Total Shows / Venues / This Year tiles. */
export function useShowsAttended() {
  return useQuery(showsAttendedQueryOptions());
}
