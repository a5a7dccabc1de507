import { ZShowResponse } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { myShowsQueryKey } from './get-my-shows';

/** POST /api/shows/:id/cancel. */
export function cancelShow(id: string) {
  return apiRequest(`/api/shows/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    schema: ZShowResponse,
  });
}

export function useCancelShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelShow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myShowsQueryKey }),
  });
}
