import { randomBytes } from 'node:crypto';
import type { TCalendarFeed } from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import { showsCalendar } from '../domain/show-calendar.ts';
import { AppError } from '../http/app-error.ts';
import type { CalendarFeedRepo, CalendarFeedRow } from '../repositories/calendar-feed.repo.ts';
import { fanOnly } from './fan-pages.service.ts';

const OFF: TCalendarFeed = { url: null, createdAt: null };

/**
 * The fan's private calendar subscription. The URL is the only credential (calendar apps send no
 * cookies), so the token is 256 random bits and replacing it is how a leaked link is revoked.
 */
export function createCalendarFeed(repo: CalendarFeedRepo, publicUrl: string) {
  const view = (row: CalendarFeedRow | null): TCalendarFeed =>
    row
      ? {
          url: `${publicUrl}/api/calendar/${row.token}.ics`,
          createdAt: row.createdAt.toISOString(),
        }
      : OFF;

  return {
    async get(user: SessionUser): Promise<TCalendarFeed> {
      return view(await repo.find(fanOnly(user)));
    },

    /** Creates the link, or replaces it: the old URL stops working at once. */
    async reset(user: SessionUser): Promise<TCalendarFeed> {
      return view(await repo.replace(fanOnly(user), randomBytes(32).toString('base64url')));
    },

    async turnOff(user: SessionUser): Promise<TCalendarFeed> {
      await repo.remove(fanOnly(user));
      return OFF;
    },

    /** The .ics behind a token; an unknown (or replaced, or turned off) token is 404. */
    async ics(token: string, now = new Date()): Promise<string> {
      const fanId = await repo.fanOf(token);
      if (!fanId) throw new AppError('NOT_FOUND', 'Calendar not found');
      const shows = await repo.goingShows(fanId, now);
      return showsCalendar(shows, (show) => `${publicUrl}/shows/${encodeURIComponent(show.id)}`, {
        now,
        name: 'Encore: shows I’m going to',
      });
    },
  };
}

export type CalendarFeed = ReturnType<typeof createCalendarFeed>;
