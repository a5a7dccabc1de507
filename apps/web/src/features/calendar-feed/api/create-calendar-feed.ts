import { ZCalendarFeed } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fanKeys } from '@/api/fan';
import { apiRequest } from '@/lib/api-client';

/** POST /api/fan/calendar-feed: a new link; any previous one stops working. */
export function createCalendarFeed() {
  return apiRequest('/api/fan/calendar-feed', { method: 'POST', schema: ZCalendarFeed });
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(fanKeys.calendarFeed, feed),
  });
}
