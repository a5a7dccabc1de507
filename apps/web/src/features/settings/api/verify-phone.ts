import type { TVerifyPhoneRequest } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fanKeys } from '@/api/fan';
import { profileKeys } from '@/api/profile';
import { apiRequest } from '@/lib/api-client';
import { accountSecurityQueryKey } from './get-account-security';

export function verifyPhone(body: TVerifyPhoneRequest) {
  return apiRequest('/api/account/phone/verify', { method: 'POST', body });
}

export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhone,
    // A verified phone turns SMS alerts on: the dashboard card's phone step and the alert
    // dialog's 'SMS is not active yet' both read it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountSecurityQueryKey }),
        queryClient.invalidateQueries({ queryKey: fanKeys.finishSetup }),
        queryClient.invalidateQueries({ queryKey: profileKeys.detail('fan') }),
      ]),
  });
}
