import { type TDashboardPeriod, ZVenueDashboard } from '@encore/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const venueDashboardKeys = {
  all: ['dashboards', 'venue'] as const,
  period: (period: TDashboardPeriod) => [...venueDashboardKeys.all, period] as const,
};

/** GET /api/dashboards/venue?period=…: the signed-in venue's figures over the period. */
export function getVenueDashboard(period: TDashboardPeriod, signal?: AbortSignal) {
  return apiRequest(`/api/dashboards/venue?${new URLSearchParams({ period: String(period) })}`, {
    schema: ZVenueDashboard,
    signal,
  });
}

export function venueDashboardQueryOptions(period: TDashboardPeriod) {
  return queryOptions({
    queryKey: venueDashboardKeys.period(period),
    queryFn: ({ signal }) => getVenueDashboard(period, signal),
  });
}

/** Keeps the last period's figures on screen while the next period loads (no flash to a skeleton). */
export function useVenueDashboard(period: TDashboardPeriod) {
  return useQuery({ ...venueDashboardQueryOptions(period), placeholderData: keepPreviousData });
}
