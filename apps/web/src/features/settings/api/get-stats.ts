import { ZPerformerStats, ZVenueStats } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

const STATS = { performer: ZPerformerStats, venue: ZVenueStats } as const;
type StatsRole = keyof typeof STATS;
export type Stats<R extends StatsRole> = z.output<(typeof STATS)[R]>;

export function getStats<R extends StatsRole>(role: R, signal?: AbortSignal) {
  return apiRequest(`/api/stats/${role}`, { schema: STATS[role], signal }) as Promise<Stats<R>>;
}

export function statsQueryOptions<R extends StatsRole>(role: R) {
  return queryOptions({
    queryKey: ['stats', role] as const,
    queryFn: ({ signal }) => getStats(role, signal),
  });
}

export function useStats<R extends StatsRole>(role: R) {
  return useQuery(statsQueryOptions(role));
}
