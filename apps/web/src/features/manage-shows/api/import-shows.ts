import { type TShowImportRequest, ZShowImportResult } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { myShowsQueryKey } from './get-my-shows';
import { IMPORT_TIMEOUT_MS } from './preview-show-import';

/** POST /api/shows/import: the chosen rows of the previewed source, announced or edited. */
export function importShows(body: TShowImportRequest) {
  return apiRequest('/api/shows/import', {
    method: 'POST',
    body,
    schema: ZShowImportResult,
    timeoutMs: IMPORT_TIMEOUT_MS,
  });
}

export function useImportShows() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importShows,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myShowsQueryKey }),
  });
}
