import { type TLastfmPreviewRequest, ZLastfmPreview } from '@encore/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/lastfm/preview: the user's top and loved artists with the Encore artists they are.
 * A POST so the username stays out of URLs; it reads only, so nothing is invalidated.
 */
export function previewLastfm(body: TLastfmPreviewRequest) {
  return apiRequest('/api/lastfm/preview', { method: 'POST', body, schema: ZLastfmPreview });
}

export function usePreviewLastfm() {
  return useMutation({ mutationFn: previewLastfm });
}
