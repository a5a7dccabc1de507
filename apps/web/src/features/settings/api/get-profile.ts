import {
  type TRole,
  ZFanProfileResponse,
  ZPerformerProfileResponse,
  ZVenueProfileResponse,
} from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

const RESPONSES = {
  fan: ZFanProfileResponse,
  performer: ZPerformerProfileResponse,
  venue: ZVenueProfileResponse,
} as const;

export type ProfileResponse<R extends TRole> = z.output<(typeof RESPONSES)[R]>;

export function getProfile<R extends TRole>(role: R, signal?: AbortSignal) {
  return apiRequest(`/api/profile/${role}`, { schema: RESPONSES[role], signal }) as Promise<
    ProfileResponse<R>
  >;
}

export const profileQueryKey = (role: TRole) => ['profile', role] as const;

export function profileQueryOptions<R extends TRole>(role: R) {
  return queryOptions({
    queryKey: profileQueryKey(role),
    queryFn: ({ signal }) => getProfile(role, signal),
  });
}

export function useProfile<R extends TRole>(role: R) {
  return useQuery(profileQueryOptions(role));
}
