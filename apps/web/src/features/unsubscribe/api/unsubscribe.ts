import { ZUnsubscribeResult } from '@encore/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/unsubscribe/:token: no session needed, the signed token says whose emails stop. */
export function unsubscribe(token: string) {
  return apiRequest(`/api/unsubscribe/${encodeURIComponent(token)}`, {
    method: 'POST',
    schema: ZUnsubscribeResult,
  });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
