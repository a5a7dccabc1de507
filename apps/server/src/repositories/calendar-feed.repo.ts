import { eq, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { calendarFeeds } from '../db/schema/index.ts';
import type { CalendarShow } from '../domain/show-calendar.ts';
import { showRevisions } from './show-revisions.repo.ts';
import { selectShows } from './show-select.repo.ts';

export type CalendarFeedRow = { token: string; createdAt: Date };

/** How far back the feed keeps shows: calendars keep last month's events instead of dropping them. */
const KEEP_DAYS = 30;
/** A calendar app re-reads the whole feed each time; a lifetime of going marks stays well below. */
const FEED_CAP = 500;

/** The fan's private calendar link (one per fan) and the shows it serves. */
export function createCalendarFeedRepo(orm: Orm) {
  return {
    async find(fanId: string): Promise<CalendarFeedRow | null> {
      const [found] = await orm
        .select({ token: calendarFeeds.token, createdAt: calendarFeeds.createdAt })
        .from(calendarFeeds)
        .where(eq(calendarFeeds.fanId, fanId));
      return found ?? null;
    },

    /** One row per fan: a new token replaces the old one, which then matches nobody. */
    async replace(fanId: string, token: string): Promise<CalendarFeedRow> {
      const [saved] = await orm
        .insert(calendarFeeds)
        .values({ fanId, token })
        .onConflictDoUpdate({
          target: calendarFeeds.fanId,
          set: { token, createdAt: sql`now()` },
        })
        .returning({ token: calendarFeeds.token, createdAt: calendarFeeds.createdAt });
      if (!saved) throw new Error('calendar feed upsert returned no row');
      return saved;
    },

    async remove(fanId: string): Promise<void> {
      await orm.delete(calendarFeeds).where(eq(calendarFeeds.fanId, fanId));
    },

    async fanOf(token: string): Promise<string | null> {
      const [found] = await orm
        .select({ fanId: calendarFeeds.fanId })
        .from(calendarFeeds)
        .where(eq(calendarFeeds.token, token));
      return found?.fanId ?? null;
    },

    /**
     * Going-to shows from a month ago on, soonest first, with their revisions; cancelled ones too
     * (STATUS:CANCELLED).
     */
    async goingShows(fanId: string, now = new Date()): Promise<CalendarShow[]> {
      const since = new Date(now.getTime() - KEEP_DAYS * 86_400_000);
      const shows = await selectShows(
        orm,
        sql`s.id in (select a.show_id from show_attendance a
          where a.fan_id = ${fanId} and a.status = 'going') and s.starts_at >= ${since}`,
        sql`s.starts_at, s.id`,
        FEED_CAP,
      );
      const revisions = await showRevisions(
        orm,
        shows.map((s) => s.id),
      );
      return shows.flatMap((show) => {
        const revision = revisions.get(show.id);
        return revision ? [{ ...show, revision }] : [];
      });
    },
  };
}

export type CalendarFeedRepo = ReturnType<typeof createCalendarFeedRepo>;
