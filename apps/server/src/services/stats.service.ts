import type { TFanStats, TPerformerStats, TVenueStats } from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import type { StatsRepo } from '../repositories/stats.repo.ts';
import { authorize } from './profile.service.ts';

/** Each role sees its own figures only; "member since" is the account's creation. */
export function createStatsService(stats: StatsRepo) {
  return {
    async fan(user: SessionUser): Promise<TFanStats> {
      authorize(user, 'fan');
      return stats.fanCounts(user.id);
    },
    async performer(user: SessionUser): Promise<TPerformerStats> {
      authorize(user, 'performer');
      return { ...(await stats.performerCounts(user.id)), memberSince: memberSince(user) };
    },
    async venue(user: SessionUser): Promise<TVenueStats> {
      authorize(user, 'venue');
      return { ...(await stats.venueCounts(user.id)), memberSince: memberSince(user) };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;

const memberSince = (user: SessionUser) => user.createdAt.toISOString();
