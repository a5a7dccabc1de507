import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fanKeys } from '@/api/fan';
import { apiRequest } from '@/lib/api-client';

/** POST /api/fan/location/skip: 'Skip for now' finishes the step with nothing stored. */
export function skipLocation() {
  return apiRequest('/api/fan/location/skip', { method: 'POST' });
}

export function useSkipLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: skipLocation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: fanKeys.finishSetup }),
  });
}
