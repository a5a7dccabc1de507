import { type TShowRequestInput, ZShowRequestState } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { showRequestQueryKey } from './get-show-request';

/** DELETE /api/artists/:id/show-request?zipCode=: the fan withdraws the request for that place. */
export function withdrawShowRequest(artistId: string, input: TShowRequestInput) {
  return apiRequest(`/api/artists/${encodeURIComponent(artistId)}/show-request`, {
    method: 'DELETE',
    query: { zipCode: input.zipCode },
    schema: ZShowRequestState,
  });
}

export function useWithdrawShowRequest(artistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TShowRequestInput) => withdrawShowRequest(artistId, input),
    onSuccess: (state) => queryClient.setQueryData(showRequestQueryKey(artistId), state),
  });
}
