import {
  TOUR_DATES_URLS,
  type TShow,
  type TTourDate,
  type TTourDates,
  type TTourDatesOwner,
} from '@encore/contract';
import { type CalendarShow, showsCalendar } from '../domain/show-calendar.ts';
import { AppError } from '../http/app-error.ts';
import { tourDatesFrameHtml } from '../lib/tour-dates-frame-html.ts';
import type { TourDatesRepo, TourDatesRow } from '../repositories/tour-dates.repo.ts';

/**
 * An artist's or venue's upcoming shows with what their calendar events need besides, and when
 * the newest of them last changed: the events' DTSTAMP, so that the same shows make the same
 * bytes in every process and at every load (the cached feed, its ETag, a calendar app's copy).
 */
export type TourCalendar = { name: string; shows: CalendarShow[]; stampedAt: Date };

const PAGE_PATHS: Record<TTourDatesOwner, string> = { artists: '/artists/', venues: '/venues/' };

/**
 * The public tour-date feeds of an artist or a venue (JSON for the embeddable widget, iCalendar
 * for calendar apps) and the page the widget's `<iframe>` shows. Public facts only: the shows as
 * their public pages list them, with Encore's absolute URLs (PUBLIC_URL) so that a page on
 * another origin links back here, the ticket link through the counted /go/ticket/:id.
 */
export function createTourDates(repo: TourDatesRepo, publicUrl: string) {
  const url = (path: string) => `${publicUrl}${path}`;

  async function load(owner: TTourDatesOwner, id: string): Promise<TourDatesRow> {
    const found = owner === 'artists' ? await repo.artist(id) : await repo.venue(id);
    if (!found) {
      throw new AppError('NOT_FOUND', owner === 'artists' ? 'Artist not found' : 'Venue not found');
    }
    return found;
  }

  const date = (show: TShow): TTourDate => ({
    id: show.id,
    startsAt: show.startsAt,
    timeZone: show.timeZone,
    status: show.status,
    performer: { id: show.performer.id, name: show.performer.name },
    venue: { name: show.venue.name, city: show.venue.city, state: show.venue.state },
    pageUrl: url(`/shows/${encodeURIComponent(show.id)}`),
    alertUrl: url(`/artists/${encodeURIComponent(show.performer.id)}`),
    ticketUrl: show.ticketUrl ? url(`/go/ticket/${encodeURIComponent(show.id)}`) : null,
  });

  return {
    async feed(owner: TTourDatesOwner, id: string): Promise<TTourDates> {
      const { name, shows } = await load(owner, id);
      return {
        name,
        pageUrl: url(`${PAGE_PATHS[owner]}${encodeURIComponent(id)}`),
        shows: shows.map(date),
      };
    },

    async calendar(owner: TTourDatesOwner, id: string): Promise<TourCalendar> {
      const { name, shows } = await load(owner, id);
      const revisions = await repo.revisions(shows.map((s) => s.id));
      const withRevisions = shows.flatMap((show) => {
        const revision = revisions.get(show.id);
        return revision ? [{ ...show, revision }] : [];
      });
      const newest = Math.max(0, ...withRevisions.map((s) => s.revision.updatedAt.getTime()));
      return { name, shows: withRevisions, stampedAt: new Date(newest) };
    },

    /** The feed's iCalendar text: the same writer as the fan's calendar and a show's .ics. */
    ics(calendar: TourCalendar): string {
      return showsCalendar(calendar.shows, (show) => url(`/shows/${encodeURIComponent(show.id)}`), {
        now: calendar.stampedAt,
        name: `${calendar.name} on Encore`,
      });
    },

    /** The `<iframe>` page: the widget's script alone, for the feed's owner. */
    frame(owner: TTourDatesOwner, id: string, feed: TTourDates): string {
      return tourDatesFrameHtml({ owner, id, name: feed.name, script: TOUR_DATES_URLS.script });
    },
  };
}

export type TourDates = ReturnType<typeof createTourDates>;
