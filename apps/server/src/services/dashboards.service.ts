import {
  DELIVERY_CHANNELS,
  type TDashboardPeriod,
  type TPerformerDashboard,
  type TVenueDashboard,
} from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import { dashboardChangesAt } from '../domain/dashboard-expiry.ts';
import {
  audienceFigures,
  genreTotals,
  growthPercent,
  showRequestFigures,
  tourFigures,
} from '../domain/dashboard-figures.ts';
import type { DashboardShowsRepo } from '../repositories/dashboards/dashboard-shows.repo.ts';
import type { FollowerFiguresRepo } from '../repositories/dashboards/follower-figures.repo.ts';
import type { PerformerReachRepo } from '../repositories/dashboards/performer-reach.repo.ts';
import type { VenueAudienceRepo } from '../repositories/dashboards/venue-audience.repo.ts';
import type { VenueFiguresRepo } from '../repositories/dashboards/venue-figures.repo.ts';
import { authorize } from './profile.service.ts';

export type DashboardRepos = {
  followers: FollowerFiguresRepo;
  reach: PerformerReachRepo;
  venueFigures: VenueFiguresRepo;
  audience: VenueAudienceRepo;
  shows: DashboardShowsRepo;
};

/**
 * The performer's and the venue's dashboards. The signed-in user is the subject (no id in the
 * path), so each sees its own figures only; the figures' rules are the contract's comments.
 */
export function createDashboardsService(repos: DashboardRepos) {
  async function venue(user: SessionUser, period: TDashboardPeriod): Promise<TVenueDashboard> {
    authorize(user, 'venue');
    const [genres, monthlyAttendance, audience, revenue, shows] = await Promise.all([
      repos.venueFigures.byGenre(user.id, period),
      repos.venueFigures.monthlyAttendance(user.id, period),
      repos.audience.counts(user.id, period),
      repos.venueFigures.resultsSnapshot(user.id, period),
      repos.shows.lists({ id: user.id, role: 'venue' }),
    ]);
    return {
      period,
      genres,
      totals: genreTotals(genres),
      monthlyAttendance,
      audience: audienceFigures(audience.breakdown, audience.topZips),
      revenue,
      shows,
    };
  }

  return {
    venue,
    async performer(user: SessionUser): Promise<TPerformerDashboard> {
      authorize(user, 'performer');
      const [months, totals, topCities, tour, delivered, shows, requests] = await Promise.all([
        repos.followers.lastTwelveMonths(user.id),
        repos.followers.totals(user.id),
        repos.followers.topCities(user.id),
        repos.reach.lastTour(user.id),
        repos.reach.alertsDelivered(user.id),
        repos.shows.lists({ id: user.id, role: 'performer' }),
        repos.reach.showRequests(user.id),
      ]);
      const gained = (m: { follows: number; unfollows: number } | undefined) =>
        m ? m.follows - m.unfollows : 0;
      const thisMonth = months.at(-1);
      const lastMonth = months.at(-2);
      const sent = new Map(delivered.map((d) => [d.channel, d.delivered]));
      return {
        followers: {
          total: totals.followers,
          gainedThisMonth: gained(thisMonth),
          gainedLastMonth: gained(lastMonth),
          growthPercent: growthPercent(gained(thisMonth), gained(lastMonth)),
          byMonth: months.map(({ month, followers }) => ({ month, followers })),
        },
        topCities,
        lastTour: tourFigures(tour),
        alertActivations: { allTime: totals.allTimeFollows, thisMonth: thisMonth?.follows ?? 0 },
        alertsDelivered: DELIVERY_CHANNELS.map((channel) => ({
          channel,
          delivered: sent.get(channel) ?? 0,
        })),
        showRequests: showRequestFigures(requests),
        shows,
      };
    },

    /**
     * The venue's dashboard and when it next changes by time alone (for the private cache):
     * its next show's start, its oldest show leaving the period, or a day or month turning.
     */
    async venuePage(
      user: SessionUser,
      period: TDashboardPeriod,
    ): Promise<{ dashboard: TVenueDashboard; changesAt: number }> {
      const nowMs = Date.now();
      const [dashboard, next] = await Promise.all([
        venue(user, period),
        repos.venueFigures.nextTimeChange(user.id, period),
      ]);
      return {
        dashboard,
        changesAt: dashboardChangesAt(nowMs, [next.nextStartMs, next.leavesPeriodMs]),
      };
    },
  };
}

/**
 * When the performer's dashboard next changes by time alone: its first upcoming or awaiting
 * confirmation show starts (both lists soonest first, and every show that starts is in one), or
 * a day or month turns.
 */
export function performerChangesAt(dashboard: TPerformerDashboard, nowMs = Date.now()): number {
  const { upcoming, pendingConfirmation } = dashboard.shows;
  return dashboardChangesAt(
    nowMs,
    [upcoming[0], pendingConfirmation[0]].map((show) => show && Date.parse(show.startsAt)),
  );
}

export type DashboardsService = ReturnType<typeof createDashboardsService>;
