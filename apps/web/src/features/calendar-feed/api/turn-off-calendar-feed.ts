import type { TCalendarFeed } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fanKeys } from '@/api/fan';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/fan/calendar-feed: the link stops working and none replaces it. */
export function turnOffCalendarFeed() {
  return apiRequest('/api/fan/calendar-feed', { method: 'DELETE' });
}

const OFF: TCalendarFeed = { url: null, createdAt: null };

export function useTurnOffCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOffCalendarFeed,
    onSuccess: () => queryClient.setQueryData(fanKeys.calendarFeed, OFF),
  });
}
