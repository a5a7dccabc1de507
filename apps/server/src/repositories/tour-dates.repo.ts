import type { TShow } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { executePrepared } from '../db/prepared.ts';
import type { CalendarRevision } from '../domain/show-calendar.ts';
import { playedBy, UPCOMING } from './public-page.repo.ts';
import { showRevisions } from './show-revisions.repo.ts';
import { type ShowRow, selectShows, showsFromRows } from './show-select.repo.ts';

export type TourDatesRow = { name: string; shows: TShow[] };

/**
 * The public tour-date feeds: an artist's or a venue's name and its upcoming confirmed shows
 * (cancelled ones too, marked by status, so a subscribed calendar drops them), soonest first, as
 * the artist and venue pages list them. Null for an id that is no performer or venue.
 */
export function createTourDatesRepo(orm: Orm) {
  return {
    async artist(id: string): Promise<TourDatesRow | null> {
      const { rows } = await executePrepared<{ name: string; shows: ShowRow[] }>(
        orm,
        sql`select pp.artist_name as name, ${playedBy(id, UPCOMING)} as shows
        from performer_profiles pp
        join "user" u on u.id = pp.user_id
        where pp.user_id = ${id} and u.role = 'performer'`,
      );
      const [row] = rows;
      return row ? { name: row.name, shows: showsFromRows(row.shows) } : null;
    },

    async venue(id: string): Promise<TourDatesRow | null> {
      const { rows } = await executePrepared<{ name: string }>(
        orm,
        sql`select vp.venue_name as name from venue_profiles vp
        join "user" u on u.id = vp.user_id
        where vp.user_id = ${id} and u.role = 'venue'`,
      );
      const [row] = rows;
      if (!row) return null;
      return {
        name: row.name,
        shows: await selectShows(orm, sql`s.venue_id = ${id} and ${UPCOMING}`),
      };
    },

    /** SEQUENCE, LAST-MODIFIED and a pending date of each show, for the iCalendar feed. */
    revisions(showIds: readonly string[]): Promise<Map<string, CalendarRevision>> {
      return showRevisions(orm, showIds);
    },
  };
}

export type TourDatesRepo = ReturnType<typeof createTourDatesRepo>;
