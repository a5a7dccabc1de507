import { ZFanLocationState } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fanKeys } from '@/api/fan';
import { apiRequest } from '@/lib/api-client';

/** POST /api/fan/location/fallback: no position from the browser, so New York (never the home). */
export function storeFallbackLocation() {
  return apiRequest('/api/fan/location/fallback', { method: 'POST', schema: ZFanLocationState });
}

export function useStoreFallbackLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: storeFallbackLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fanKeys.finishSetup }),
  });
}
