import { DFinishSetup } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fanKeys, fanUrls } from '@/api/fan';
import { apiRequest } from '@/lib/api-client';

/** GET /api/fan/finish-setup: whether the dashboard shows the 'Finish setting up' card. */
export function getFinishSetup(signal?: AbortSignal) {
  return apiRequest(fanUrls.finishSetup, { schema: DFinishSetup, signal });
}

export const finishSetupQueryOptions = queryOptions({
  queryKey: fanKeys.finishSetup,
  queryFn: ({ signal }) => getFinishSetup(signal),
});

export function useFinishSetup() {
  return useQuery(finishSetupQueryOptions);
}
