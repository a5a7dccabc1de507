import { ZCalendarFeed } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fanKeys } from '@/api/fan';
import { apiRequest } from '@/lib/api-client';

/** GET /api/fan/calendar-feed: the fan's private calendar link, `url` null when it is off. */
export function getCalendarFeed(signal?: AbortSignal) {
  return apiRequest('/api/fan/calendar-feed', { schema: ZCalendarFeed, signal });
}

export const calendarFeedQueryOptions = queryOptions({
  queryKey: fanKeys.calendarFeed,
  queryFn: ({ signal }) => getCalendarFeed(signal),
});

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions);
}
