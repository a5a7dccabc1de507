import type { TVerifyPhoneRequest } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountSecurityQueryKey } from './get-account-security';

export function verifyPhone(body: TVerifyPhoneRequest) {
  return apiRequest('/api/account/phone/verify', { method: 'POST', body });
}

export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSecurityQueryKey }),
  });
}
