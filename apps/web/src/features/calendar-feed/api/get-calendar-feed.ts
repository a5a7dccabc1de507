import { ZCalendarFeed } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const calendarFeedQueryKey = ['fan', 'calendar-feed'] as const;

/** GET /api/fan/calendar-feed: the fan's private calendar link, `url` null when it is off. */
export function getCalendarFeed(signal?: AbortSignal) {
  return apiRequest('/api/fan/calendar-feed', { schema: ZCalendarFeed, signal });
}

export const calendarFeedQueryOptions = queryOptions({
  queryKey: calendarFeedQueryKey,
  queryFn: ({ signal }) => getCalendarFeed(signal),
});

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions);
}
