import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Retrying a 4xx cannot help; a network hiccup or a 5xx may, but only briefly. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.kind === 'http' && (error.status ?? 500) < 500) {
    return false;
  }
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      // A write is never repeated behind the user's back (a sign-up could run twice).
      mutations: { retry: false },
    },
  });
}
