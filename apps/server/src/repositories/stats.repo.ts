import type { Orm } from '../db/client.ts';

/**
 * Counts behind the stats cards and analytics tabs. Shows, alerts and follows do not exist yet,
 * so there is nothing to count and every count is a real zero.
 */
export function createStatsRepo(_orm: Orm) {
  return {
    // Issue 4 (shows, alerts, follows) replaces these zeros with queries on its tables.
    async fanCounts(_userId: string) {
      return { showsAttended: 0, showsGoingTo: 0, showsWatching: 0, alertsSet: 0 };
    },
    // Issue 4 (shows, alerts, follows) replaces these zeros with queries on its tables.
    async performerCounts(_userId: string) {
      return {
        totalFollowers: 0,
        showsPlayed: 0,
        upcomingShows: 0,
        alertActivations: 0,
        averageAttendance: 0,
      };
    },
    // Issue 4 (shows and their attendance) replaces these zeros with queries on its tables.
    async venueCounts(_userId: string) {
      return { eventsHosted: 0, totalAttendance: 0, averageAttendance: 0, revenue30Days: 0 };
    },
  };
}

export type StatsRepo = ReturnType<typeof createStatsRepo>;
