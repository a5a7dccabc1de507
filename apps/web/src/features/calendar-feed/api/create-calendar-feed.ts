import { ZCalendarFeed } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { calendarFeedQueryKey } from './get-calendar-feed';

/** POST /api/fan/calendar-feed: a new link; any previous one stops working. */
export function createCalendarFeed() {
  return apiRequest('/api/fan/calendar-feed', { method: 'POST', schema: ZCalendarFeed });
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQueryKey, feed),
  });
}
