import { type TNotificationSettings, ZFanSettings } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { fanSettingsQueryKey } from './get-fan-settings';

export function updateNotifications(notifications: TNotificationSettings) {
  return apiRequest('/api/settings/notifications', {
    method: 'PUT',
    body: notifications,
    schema: ZFanSettings,
  });
}

export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotifications,
    onSuccess: (data) => queryClient.setQueryData(fanSettingsQueryKey, data),
  });
}
