import { ZFinishSetup } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { locationQueryKeys } from './location-query-keys';

/** GET /api/fan/finish-setup: whether the dashboard shows the 'Finish setting up' card. */
export function getFinishSetup(signal?: AbortSignal) {
  return apiRequest('/api/fan/finish-setup', { schema: ZFinishSetup, signal });
}

export const finishSetupQueryOptions = queryOptions({
  queryKey: locationQueryKeys.finishSetup,
  queryFn: ({ signal }) => getFinishSetup(signal),
});

export function useFinishSetup() {
  return useQuery(finishSetupQueryOptions);
}
