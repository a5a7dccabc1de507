import { ZFanPlaces } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fanPlacesQueryKey } from '@/api/fan-places';
import { apiRequest } from '@/lib/api-client';

export function removeFanPlace(id: string) {
  return apiRequest(`/api/fan/places/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: ZFanPlaces,
  });
}

export function useRemoveFanPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFanPlace,
    onSuccess: (data) => queryClient.setQueryData(fanPlacesQueryKey, data),
  });
}
