import { ZFanSettings } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function getFanSettings(signal?: AbortSignal) {
  return apiRequest('/api/settings/fan', { schema: ZFanSettings, signal });
}

export const fanSettingsQueryKey = ['settings', 'fan'] as const;

export function fanSettingsQueryOptions() {
  return queryOptions({
    queryKey: fanSettingsQueryKey,
    queryFn: ({ signal }) => getFanSettings(signal),
  });
}

export function useFanSettings() {
  return useQuery(fanSettingsQueryOptions());
}
