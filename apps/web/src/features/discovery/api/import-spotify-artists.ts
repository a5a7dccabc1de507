import { type TSpotifyImportRequest, ZSpotifyImportResult } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { discoveryKeys } from './discovery-query-keys';

/** POST /api/spotify/import: alerts on the chosen artists (existing alerts stay as they are). */
export function importSpotifyArtists(body: TSpotifyImportRequest) {
  return apiRequest('/api/spotify/import', {
    method: 'POST',
    body,
    schema: ZSpotifyImportResult,
  });
}

/**
 * Discovery's cards show the new alerts at once; the other pages that count or list alerts
 * refetch when next opened.
 */
export function useImportSpotifyArtists() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importSpotifyArtists,
    onSuccess: async () => {
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== discoveryKeys.all[0],
        refetchType: 'none',
      });
      await queryClient.invalidateQueries({ queryKey: discoveryKeys.all });
    },
  });
}
