import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { emailChangeQueryKey } from './get-email-change';

/** DELETE /api/account/email/change: the pending change and its link are dropped. */
export function cancelEmailChange() {
  return apiRequest('/api/account/email/change', { method: 'DELETE' });
}

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailChangeQueryKey }),
  });
}
