import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function removeAlert(artistId: string) {
  return apiRequest(`/api/artists/${encodeURIComponent(artistId)}/alert`, { method: 'DELETE' });
}

export function useRemoveAlert(artistId: string) {
  return useMutation({ mutationFn: () => removeAlert(artistId) });
}
