import { type TEmailChangeState, ZEmailChangeState } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { emailChangeQueryKey } from './get-email-change';

/** POST /api/account/email/change: mails a link to the new address; nothing changes yet. */
export function requestEmailChange(email: string) {
  return apiRequest('/api/account/email/change', {
    method: 'POST',
    body: { email },
    schema: ZEmailChangeState,
  });
}

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestEmailChange,
    onSuccess: (state: TEmailChangeState) => queryClient.setQueryData(emailChangeQueryKey, state),
  });
}
