import { ZPerformerDashboard } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const performerDashboardQueryKey = ['dashboards', 'performer'] as const;

/** GET /api/dashboards/performer: the signed-in performer's figures and show lists. */
export function getPerformerDashboard(signal?: AbortSignal) {
  return apiRequest('/api/dashboards/performer', { schema: ZPerformerDashboard, signal });
}

export function performerDashboardQueryOptions() {
  return queryOptions({
    queryKey: performerDashboardQueryKey,
    queryFn: ({ signal }) => getPerformerDashboard(signal),
  });
}

export function usePerformerDashboard() {
  return useQuery(performerDashboardQueryOptions());
}
