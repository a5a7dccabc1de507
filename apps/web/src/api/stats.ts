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

export interface StatsByRole {
  fan: TFanStats;
  performer: TPerformerStats;
  venue: TVenueStats;
}
export type Stats<R extends TRole> = StatsByRole[R];

const STATS_SCHEMAS: { [R in TRole]: z.ZodType<StatsByRole[R]> } = {
  fan: ZFanStats,
  performer: ZPerformerStats,
  venue: ZVenueStats,
};

/** One cached set of counts per role: the setup screens' stats cards and the analytics tabs. */
export const statsKeys = {
  all: ['stats'] as const,
  detail: (role: TRole) => ['stats', role] as const,
};

/** GET /api/stats/<role>: read-only counts. */
export function getStats<R extends TRole>(role: R, signal?: AbortSignal): Promise<Stats<R>> {
  const schema: z.ZodType<Stats<R>> = STATS_SCHEMAS[role];
  return apiRequest(`/api/stats/${role}`, { schema, signal });
}

export function statsQueryOptions<R extends TRole>(role: R) {
  return queryOptions({
    queryKey: statsKeys.detail(role),
    queryFn: ({ signal }) => getStats(role, signal),
  });
}

export function useStats<R extends TRole>(role: R) {
  return useQuery(statsQueryOptions(role));
}
