import { type TEmailChangeState, ZEmailChangeState } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { emailChangeQueryKey } from './get-email-change';

/** POST /api/account/email/change/resend: a new link (the earlier one stops working). */
export function resendEmailChange() {
  return apiRequest('/api/account/email/change/resend', {
    method: 'POST',
    schema: ZEmailChangeState,
  });
}

export function useResendEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendEmailChange,
    onSuccess: (state: TEmailChangeState) => queryClient.setQueryData(emailChangeQueryKey, state),
  });
}
