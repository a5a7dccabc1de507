import type { TFanStats, TPerformerStats, TVenueStats } from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import { genreTotals } from '../domain/dashboard-figures.ts';
import type { FollowerFiguresRepo } from '../repositories/dashboards/follower-figures.repo.ts';
import type { VenueFiguresRepo } from '../repositories/dashboards/venue-figures.repo.ts';
import type { StatsRepo } from '../repositories/stats.repo.ts';
import { authorize } from './profile.service.ts';

export type StatsRepos = {
  stats: StatsRepo;
  followers: FollowerFiguresRepo;
  venueFigures: VenueFiguresRepo;
};

/**
 * Each role sees its own figures only; "member since" is the account's creation. Figures the
 * dashboards show too are read through the dashboards' repository functions, so the stats card,
 * the Analytics tab and the dashboard never disagree: followers and alert activations (all time,
 * removed alerts included, as the dashboard's) from the follow rollup; the venue's events,
 * attendance and average over every hosted show, and its revenue over the last 30 days.
 */
export function createStatsService({ stats, followers, venueFigures }: StatsRepos) {
  return {
    async fan(user: SessionUser): Promise<TFanStats> {
      authorize(user, 'fan');
      return stats.fanCounts(user.id);
    },
    async performer(user: SessionUser): Promise<TPerformerStats> {
      authorize(user, 'performer');
      const [counts, follows] = await Promise.all([
        stats.performerCounts(user.id),
        followers.totals(user.id),
      ]);
      return {
        ...counts,
        totalFollowers: follows.followers,
        alertActivations: follows.allTimeFollows,
        memberSince: memberSince(user),
      };
    },
    async venue(user: SessionUser): Promise<TVenueStats> {
      authorize(user, 'venue');
      const [allTime, lastMonth, results] = await Promise.all([
        venueFigures.byGenre(user.id, null),
        venueFigures.byGenre(user.id, 30),
        venueFigures.resultsSnapshot(user.id, null),
      ]);
      const hosted = genreTotals(allTime);
      return {
        eventsHosted: hosted.events,
        totalAttendance: hosted.attendance,
        averageAttendance: results.averageAttendance ?? 0,
        revenue30Days: genreTotals(lastMonth).grossRevenue,
        memberSince: memberSince(user),
      };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;

const memberSince = (user: SessionUser) => user.createdAt.toISOString();
