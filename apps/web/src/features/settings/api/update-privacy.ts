import { type TPrivacySettings, ZFanSettings } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { fanSettingsQueryKey } from './get-fan-settings';

export function updatePrivacy(privacy: TPrivacySettings) {
  return apiRequest('/api/settings/privacy', {
    method: 'PUT',
    body: privacy,
    schema: ZFanSettings,
  });
}

export function useUpdatePrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrivacy,
    onSuccess: (data) => queryClient.setQueryData(fanSettingsQueryKey, data),
  });
}
