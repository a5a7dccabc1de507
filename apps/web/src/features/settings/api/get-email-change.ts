import { ZEmailChangeState } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The account email in use, and the change waiting for its link (GET /api/account/email/change). */
export function getEmailChange(signal?: AbortSignal) {
  return apiRequest('/api/account/email/change', { schema: ZEmailChangeState, signal });
}

export const emailChangeQueryKey = ['account', 'email-change'] as const;

export function emailChangeQueryOptions() {
  return queryOptions({
    queryKey: emailChangeQueryKey,
    queryFn: ({ signal }) => getEmailChange(signal),
  });
}

export function useEmailChange() {
  return useQuery(emailChangeQueryOptions());
}
