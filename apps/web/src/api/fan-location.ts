import { type TLocationInput, ZLocateResult } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fanKeys } from '@/api/fan';
import { apiRequest } from '@/lib/api-client';

/**
 * PUT /api/fan/location: the browser's position, stored as its nearest US city and ZIP. The
 * location step asks it, and Settings › Profile's 'Use my location' fills the home ZIP from it.
 */
export function saveLocation(position: TLocationInput) {
  return apiRequest('/api/fan/location', {
    method: 'PUT',
    body: position,
    schema: ZLocateResult,
  });
}

export function useSaveLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fanKeys.finishSetup }),
  });
}
