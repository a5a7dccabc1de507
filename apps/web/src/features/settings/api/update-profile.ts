import {
  type TFanProfileData,
  type TPerformerProfileData,
  type TRole,
  type TVenueProfileData,
  ZFanProfileResponse,
  ZPerformerProfileResponse,
  ZVenueProfileResponse,
} from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileQueryKey } from './get-profile';

export interface PatchByRole {
  fan: Partial<TFanProfileData>;
  performer: Partial<TPerformerProfileData>;
  venue: Partial<TVenueProfileData>;
}

const RESPONSES = {
  fan: ZFanProfileResponse,
  performer: ZPerformerProfileResponse,
  venue: ZVenueProfileResponse,
} as const;

/** PATCH /api/profile/<role>: a settings tab saves only the fields it shows. */
export function updateProfile<R extends TRole>(role: R, patch: PatchByRole[R]) {
  return apiRequest(`/api/profile/${role}`, {
    method: 'PATCH',
    body: patch,
    schema: RESPONSES[role],
  });
}

export function useUpdateProfile<R extends TRole>(role: R) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: PatchByRole[R]) => updateProfile(role, patch),
    onSuccess: (data) => queryClient.setQueryData(profileQueryKey(role), data),
  });
}
