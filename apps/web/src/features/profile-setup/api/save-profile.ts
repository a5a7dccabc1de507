import type {
  TFanProfileData,
  TPerformerProfileData,
  TRole,
  TVenueProfileData,
} from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { PROFILE_RESPONSE_SCHEMAS, profileQueryKey } from './get-profile';

/** A whole setup form, checked by its role's schema before it is sent. */
export type TProfileData = TFanProfileData | TPerformerProfileData | TVenueProfileData;

/** PUT /api/profile/<role> with the whole form; the server also marks the profile complete. */
export function saveProfile(role: TRole, input: TProfileData) {
  return apiRequest(`/api/profile/${role}`, {
    method: 'PUT',
    body: input,
    schema: PROFILE_RESPONSE_SCHEMAS[role],
  });
}

export function useSaveProfile(role: TRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TProfileData) => saveProfile(role, input),
    onSuccess: (data) => queryClient.setQueryData(profileQueryKey(role), data),
  });
}
