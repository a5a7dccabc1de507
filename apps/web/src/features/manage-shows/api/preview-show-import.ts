import { type TShowImportPreviewRequest, ZShowImportPreview } from '@encore/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * An import reads up to 500 rows (and may first fetch a calendar URL, for up to 10 s), then checks
 * or writes each: longer than the 15 s a form's request waits.
 */
export const IMPORT_TIMEOUT_MS = 60_000;

/**
 * POST /api/shows/import/preview: each row of a file or calendar URL as importing it would go.
 * It writes nothing, so nothing is invalidated.
 */
export function previewShowImport(body: TShowImportPreviewRequest) {
  return apiRequest('/api/shows/import/preview', {
    method: 'POST',
    body,
    schema: ZShowImportPreview,
    timeoutMs: IMPORT_TIMEOUT_MS,
  });
}

export function usePreviewShowImport() {
  return useMutation({ mutationFn: previewShowImport });
}
