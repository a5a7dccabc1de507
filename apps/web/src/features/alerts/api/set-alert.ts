import { type TArtistAlertInput, ZArtistAlert } from '@encore/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function setAlert(artistId: string, input: TArtistAlertInput) {
  return apiRequest(`/api/artists/${encodeURIComponent(artistId)}/alert`, {
    method: 'PUT',
    body: input,
    schema: ZArtistAlert,
  });
}

export function useSetAlert(artistId: string) {
  return useMutation({ mutationFn: (input: TArtistAlertInput) => setAlert(artistId, input) });
}
