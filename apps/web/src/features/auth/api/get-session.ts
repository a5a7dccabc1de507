import { DSessionResponse } from '@encore/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { SESSION_URL } from './session-url';

export function getSession(signal?: AbortSignal) {
  return apiRequest(SESSION_URL, { schema: DSessionResponse, signal });
}

export const sessionQueryKey = ['account', 'session'] as const;

/** Who is signed in. Sign-up and login write their answer here, so no refetch is needed. */
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
  });
}
