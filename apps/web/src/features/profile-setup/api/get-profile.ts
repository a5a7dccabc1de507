import {
  type TFanProfile,
  type TPerformerProfile,
  type TRole,
  type TVenueProfile,
  ZFanProfileResponse,
  ZPerformerProfileResponse,
  ZVenueProfileResponse,
} from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

interface ResponseByRole {
  fan: { profile: TFanProfile | null };
  performer: { profile: TPerformerProfile | null };
  venue: { profile: TVenueProfile | null };
}

export const PROFILE_RESPONSE_SCHEMAS: { [R in TRole]: z.ZodType<ResponseByRole[R]> } = {
  fan: ZFanProfileResponse,
  performer: ZPerformerProfileResponse,
  venue: ZVenueProfileResponse,
};

export const profileQueryKey = (role: TRole) => ['profile', role] as const;

/** GET /api/profile/<role>: the saved profile, or null before the first save. */
export function getProfile<R extends TRole>(
  role: R,
  signal?: AbortSignal,
): Promise<ResponseByRole[R]> {
  const schema: z.ZodType<ResponseByRole[R]> = PROFILE_RESPONSE_SCHEMAS[role];
  return apiRequest(`/api/profile/${role}`, { schema, signal });
}

export function profileQueryOptions<R extends TRole>(role: R) {
  return queryOptions({
    queryKey: profileQueryKey(role),
    queryFn: ({ signal }) => getProfile(role, signal),
  });
}

export function useProfile<R extends TRole>(role: R) {
  return useQuery(profileQueryOptions(role));
}
