import { type TArtistAlertInput, ZArtistAlert } from '@encore/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** PUT /api/artists/:id/alert: the fan watches the artist, on the channels given. */
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

/** DELETE /api/artists/:id/alert: the fan stops watching the artist (the alert dialog, /watching). */
export function removeAlert(artistId: string) {
  return apiRequest(`/api/artists/${encodeURIComponent(artistId)}/alert`, { method: 'DELETE' });
}

export function useRemoveAlert(artistId: string) {
  return useMutation({ mutationFn: () => removeAlert(artistId) });
}
