import { ZFanLocationState } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/fan/location/home: the stored position becomes the profile's home city and ZIP. */
export function makeLocationHome() {
  return apiRequest('/api/fan/location/home', { method: 'POST', schema: ZFanLocationState });
}

export function useMakeLocationHome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeLocationHome,
    // The home decides what the profile, Your Alerts and Recommended show: refetch them all.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
