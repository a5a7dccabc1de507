import { type TLastfmImportRequest, ZLastfmImportResult } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/lastfm/import: alerts on the chosen artists (existing alerts stay as they are). */
export function importLastfmArtists(body: TLastfmImportRequest) {
  return apiRequest('/api/lastfm/import', { method: 'POST', body, schema: ZLastfmImportResult });
}

/** Every page that counts or lists alerts refetches when next opened. */
export function useImportLastfmArtists() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importLastfmArtists,
    onSuccess: () => queryClient.invalidateQueries({ refetchType: 'none' }),
  });
}
