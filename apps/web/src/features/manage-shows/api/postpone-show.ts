import { ZShowResponse } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { myShowsQueryKey } from './get-my-shows';

/** POST /api/shows/:id/postpone with a new local date, or null for "date to be announced". */
export function postponeShow(id: string, startsAtLocal: string | null) {
  return apiRequest(`/api/shows/${encodeURIComponent(id)}/postpone`, {
    method: 'POST',
    body: { startsAtLocal },
    schema: ZShowResponse,
  });
}

export function usePostponeShow(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (startsAtLocal: string | null) => postponeShow(id, startsAtLocal),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myShowsQueryKey }),
  });
}
