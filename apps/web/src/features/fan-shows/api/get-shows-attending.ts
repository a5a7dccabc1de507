import { ZShowsAttending } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FAN_LIST_STALE_TIME, fanKeys } from '@/api/fan';
import { apiRequest } from '@/lib/api-client';

export function getShowsAttending(signal?: AbortSignal) {
  return apiRequest('/api/fan/shows-attending', { schema: ZShowsAttending, signal });
}

export function showsAttendingQueryOptions() {
  return queryOptions({
    queryKey: fanKeys.attending,
    queryFn: ({ signal }) => getShowsAttending(signal),
    staleTime: FAN_LIST_STALE_TIME,
  });
}

/** The upcoming shows the fan is going to, soonest first (cancelled ones kept, badged). */
export function useShowsAttending() {
  return useQuery(showsAttendingQueryOptions());
}
