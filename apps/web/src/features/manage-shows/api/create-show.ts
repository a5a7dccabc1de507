import { IDEMPOTENCY_KEY_HEADER, type TShowInput, ZShowResponse } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { myShowsQueryKey } from './get-my-shows';

/**
 * POST /api/shows: announces a show. `idempotencyKey` is the form instance's own key: a double
 * click, a retry after a lost answer or the same-day confirmation resend it, so the server answers
 * the show the first request made instead of making (and alerting fans of) a second one.
 */
export function createShow({ input, idempotencyKey }: CreateShowRequest) {
  return apiRequest('/api/shows', {
    method: 'POST',
    body: input,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: ZShowResponse,
  });
}

export interface CreateShowRequest {
  input: TShowInput;
  idempotencyKey: string;
}

export function useCreateShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myShowsQueryKey }),
  });
}
