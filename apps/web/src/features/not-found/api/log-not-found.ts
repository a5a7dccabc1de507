import { apiRequest } from '@/lib/api-client';

/**
 * Tells the server which unknown path someone opened (spec: "the path is logged"). Fire and
 * forget: a failed report must never disturb the 404 page itself.
 */
export function logNotFound(path: string): void {
  apiRequest('/api/client-events/not-found', {
    method: 'POST',
    body: { path },
    timeoutMs: 5_000,
  }).catch(() => undefined);
}
