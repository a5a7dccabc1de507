import { type TPostponeShow, ZShowResponse } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { myShowsQueryKey } from './get-my-shows';

/**
 * POST /api/shows/:id/postpone with a new local date, or null for "date to be announced";
 * `confirmSameNight` after a NIGHT_TAKEN: the venue holds two shows on the new night.
 */
export function postponeShow(id: string, input: TPostponeShow) {
  return apiRequest(`/api/shows/${encodeURIComponent(id)}/postpone`, {
    method: 'POST',
    body: input,
    schema: ZShowResponse,
  });
}

export function usePostponeShow(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TPostponeShow) => postponeShow(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myShowsQueryKey }),
  });
}
