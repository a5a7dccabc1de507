import { ZFeedbackConfig } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function getFeedbackConfig(signal?: AbortSignal) {
  return apiRequest('/api/feedback/config', { schema: ZFeedbackConfig, signal });
}

export function feedbackConfigQueryOptions() {
  return queryOptions({
    queryKey: ['feedback', 'config'] as const,
    queryFn: ({ signal }) => getFeedbackConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useFeedbackConfig(enabled: boolean) {
  return useQuery({ ...feedbackConfigQueryOptions(), enabled });
}
