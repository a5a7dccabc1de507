import { ZEmailChanged } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/account/email/change/confirm: no session needed, the token names the account. */
export function confirmEmailChange(token: string) {
  return apiRequest('/api/account/email/change/confirm', {
    method: 'POST',
    body: { token },
    schema: ZEmailChanged,
  });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    // This browser may be signed in to the account: its session, Security tab and profile
    // all name the old address until read again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
