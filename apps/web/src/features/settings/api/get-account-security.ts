import { ZAccountSecurity } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function getAccountSecurity(signal?: AbortSignal) {
  return apiRequest('/api/account/security', { schema: ZAccountSecurity, signal });
}

export const accountSecurityQueryKey = ['account', 'security'] as const;

export function accountSecurityQueryOptions() {
  return queryOptions({
    queryKey: accountSecurityQueryKey,
    queryFn: ({ signal }) => getAccountSecurity(signal),
  });
}

export function useAccountSecurity() {
  return useQuery(accountSecurityQueryOptions());
}
