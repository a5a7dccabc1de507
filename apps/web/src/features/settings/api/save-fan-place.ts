import { type TFanPlaceValues, ZFanPlaces } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fanPlacesQueryKey } from '@/api/fan-places';
import { apiRequest } from '@/lib/api-client';

/** Adds a place (no id) or changes one; either way the answer is the fan's whole list. */
export function saveFanPlace({ id, place }: { id: string | null; place: TFanPlaceValues }) {
  return apiRequest(id ? `/api/fan/places/${encodeURIComponent(id)}` : '/api/fan/places', {
    method: id ? 'PUT' : 'POST',
    body: place,
    schema: ZFanPlaces,
  });
}

export function useSaveFanPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFanPlace,
    onSuccess: (data) => queryClient.setQueryData(fanPlacesQueryKey, data),
  });
}
