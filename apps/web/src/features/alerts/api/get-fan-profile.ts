import { ZFanProfileResponse } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The fan's profile: whether SMS alerts are possible (a phone and the SMS opt-in). */
export function getFanProfile(signal?: AbortSignal) {
  return apiRequest('/api/profile/fan', { schema: ZFanProfileResponse, signal });
}

// The same key as the settings and setup screens: one cached copy of the fan's profile.
export const fanProfileQueryOptions = queryOptions({
  queryKey: ['profile', 'fan'] as const,
  queryFn: ({ signal }) => getFanProfile(signal),
});

export function useFanProfile(enabled = true) {
  return useQuery({ ...fanProfileQueryOptions, enabled });
}
