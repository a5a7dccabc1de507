import { DFanHome } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FAN_LIST_STALE_TIME, fanKeys, fanUrls } from '@/api/fan';
import { apiRequest } from '@/lib/api-client';

export function getFanHome(signal?: AbortSignal) {
  return apiRequest(fanUrls.home, { schema: DFanHome, signal });
}

export function fanHomeQueryOptions() {
  return queryOptions({
    queryKey: fanKeys.home,
    queryFn: ({ signal }) => getFanHome(signal),
    staleTime: FAN_LIST_STALE_TIME,
  });
}

/** The /dashboard tiles, the Next Show card and the "Did you go?" prompts. */
export function useFanHome() {
  return useQuery(fanHomeQueryOptions());
}
