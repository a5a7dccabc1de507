import type { TChangePasswordRequest } from '@encore/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function changePassword(body: TChangePasswordRequest) {
  return apiRequest('/api/account/password', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
