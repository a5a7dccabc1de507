import { type TShowRequestInput, ZShowRequestState } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { showRequestQueryKey } from './get-show-request';

/** POST /api/artists/:id/show-request: the fan asks the artist for a show at their home place. */
export function requestShow(artistId: string, input: TShowRequestInput) {
  return apiRequest(`/api/artists/${encodeURIComponent(artistId)}/show-request`, {
    method: 'POST',
    body: input,
    schema: ZShowRequestState,
  });
}

export function useRequestShow(artistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TShowRequestInput) => requestShow(artistId, input),
    onSuccess: (state) => queryClient.setQueryData(showRequestQueryKey(artistId), state),
  });
}
