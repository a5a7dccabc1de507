import {
  type TFanProfile,
  type TFanProfileData,
  type TFanProfilePatch,
  type TPerformerProfile,
  type TPerformerProfileData,
  type TRole,
  type TVenueProfile,
  type TVenueProfileData,
  ZFanProfileResponse,
  ZPerformerProfileResponse,
  ZVenueProfileResponse,
} from '@encore/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** What GET /api/profile/<role> answers: the saved profile, or null before the first save. */
export interface ProfileResponseByRole {
  fan: { profile: TFanProfile | null };
  performer: { profile: TPerformerProfile | null };
  venue: { profile: TVenueProfile | null };
}
export type ProfileResponse<R extends TRole> = ProfileResponseByRole[R];

/** The response schemas, also used by the mutations that answer with the saved profile. */
export const PROFILE_RESPONSE_SCHEMAS: { [R in TRole]: z.ZodType<ProfileResponseByRole[R]> } = {
  fan: ZFanProfileResponse,
  performer: ZPerformerProfileResponse,
  venue: ZVenueProfileResponse,
};

/**
 * One cached profile per role, read by the setup screens, the settings tabs and the fan's
 * alert dialog (SMS needs a phone), and written by the setup and settings saves.
 */
export const profileKeys = {
  all: ['profile'] as const,
  detail: (role: TRole) => ['profile', role] as const,
};

/** GET /api/profile/<role>. */
export function getProfile<R extends TRole>(
  role: R,
  signal?: AbortSignal,
): Promise<ProfileResponse<R>> {
  const schema: z.ZodType<ProfileResponse<R>> = PROFILE_RESPONSE_SCHEMAS[role];
  return apiRequest(`/api/profile/${role}`, { schema, signal });
}

export function profileQueryOptions<R extends TRole>(role: R) {
  return queryOptions({
    queryKey: profileKeys.detail(role),
    queryFn: ({ signal }) => getProfile(role, signal),
  });
}

export function useProfile<R extends TRole>(role: R, { enabled = true } = {}) {
  return useQuery({ ...profileQueryOptions(role), enabled });
}

/** A whole setup form, checked by its role's schema before it is sent. */
export type TProfileData = TFanProfileData | TPerformerProfileData | TVenueProfileData;

/** PUT /api/profile/<role> with the whole form (setup); the server also marks the profile complete. */
export function saveProfile<R extends TRole>(role: R, input: TProfileData) {
  const schema: z.ZodType<ProfileResponse<R>> = PROFILE_RESPONSE_SCHEMAS[role];
  return apiRequest(`/api/profile/${role}`, { method: 'PUT', body: input, schema });
}

export function useSaveProfile<R extends TRole>(role: R) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TProfileData) => saveProfile(role, input),
    onSuccess: (data) => queryClient.setQueryData(profileKeys.detail(role), data),
  });
}

export interface PatchByRole {
  /** A fan's home city is named from the ZIP on the server, so settings never send it. */
  fan: TFanProfilePatch;
  performer: Partial<TPerformerProfileData>;
  venue: Partial<TVenueProfileData>;
}

/** PATCH /api/profile/<role>: a settings tab saves only the fields it shows. */
export function updateProfile<R extends TRole>(role: R, patch: PatchByRole[R]) {
  const schema: z.ZodType<ProfileResponse<R>> = PROFILE_RESPONSE_SCHEMAS[role];
  return apiRequest(`/api/profile/${role}`, { method: 'PATCH', body: patch, schema });
}

export function useUpdateProfile<R extends TRole>(role: R) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: PatchByRole[R]) => updateProfile(role, patch),
    onSuccess: (data) => queryClient.setQueryData(profileKeys.detail(role), data),
  });
}
