import {
  type TFanStats,
  type TPerformerStats,
  type TRole,
  type TVenueStats,
  ZFanStats,
  ZPerformerStats,
  ZVenueStats,
} from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

interface StatsByRole {
  fan: TFanStats;
  performer: TPerformerStats;
  venue: TVenueStats;
}

const STATS_SCHEMAS: { [R in TRole]: z.ZodType<StatsByRole[R]> } = {
  fan: ZFanStats,
  performer: ZPerformerStats,
  venue: ZVenueStats,
};

/** GET /api/stats/<role>: the read-only counts of the setup screens' stats cards. */
export function getStats<R extends TRole>(role: R, signal?: AbortSignal): Promise<StatsByRole[R]> {
  const schema: z.ZodType<StatsByRole[R]> = STATS_SCHEMAS[role];
  return apiRequest(`/api/stats/${role}`, { schema, signal });
}

export function statsQueryOptions<R extends TRole>(role: R) {
  return queryOptions({
    queryKey: ['stats', role] as const,
    queryFn: ({ signal }) => getStats(role, signal),
  });
}

export function useStats<R extends TRole>(role: R) {
  return useQuery(statsQueryOptions(role));
}
