import {
  CITY_SHOWS_LABELS,
  POSTPONED_WHEN,
  showLocalStart,
  type TArtistPage,
  type TCityShows,
  type TShow,
  type TShowDetail,
  type TVenuePage,
} from '@encore/contract';
import { CACHED_PAGES } from '../http/cached-pages.ts';
import type { CityQuery } from '../http/public-pages.ts';
import { type PageHead, pageHeadHtml, shortDescription } from '../lib/page-head-html.ts';
import { publicPageUrl } from '../lib/page-urls.ts';

/** The picture of a page without a photo: the app's 512 px icon (apps/web/public/icons). */
const SITE_IMAGE = '/icons/icon-512.png';
const SITE_IMAGE_ALT = 'Encore';
/** The tab's title as the web app writes it (apps/web/src/components/page-title.tsx). */
const tabTitle = (title: string) => `${title} · Encore`;
/** How many of a city's shows its preview names. */
const CITY_SHOWS_NAMED = 3;

/**
 * The head of each public page's HTML (routes/page-html.routes.ts): its title as the web app sets
 * it, a description, and the preview tags, from the same public page the JSON API answers, so a
 * shared link previews as the page it opens. Absolute URLs from PUBLIC_URL, as the sitemap's.
 */
export function createPageHeads(publicUrl: string) {
  const absolute = (url: string) => (/^https?:\/\//i.test(url) ? url : `${publicUrl}${url}`);
  const picture = (photoUrl: string | null, alt: string) =>
    photoUrl
      ? { image: absolute(photoUrl), imageAlt: alt }
      : { image: absolute(SITE_IMAGE), imageAlt: SITE_IMAGE_ALT };
  const head = (fields: Omit<PageHead, 'description'> & { description: string }) =>
    pageHeadHtml({ ...fields, description: shortDescription(fields.description) });

  return {
    show({ show, newDatePending }: TShowDetail): string {
      const title = `${show.performer.name} at ${show.venue.name}`;
      const acts = show.supportingActs.map((act) => act.name);
      return head({
        title: tabTitle(title),
        previewTitle: title,
        description: [
          `${when(show, newDatePending)} at ${place(show.venue)}.`,
          acts.length > 0 ? `With ${acts.join(', ')}.` : '',
          show.genre ? `${show.genre}.` : '',
        ]
          .filter(Boolean)
          .join(' '),
        url: publicPageUrl(publicUrl, 'show', show.id),
        ...picture(show.performer.photoUrl, show.performer.name),
      });
    },

    artist({ artist, upcoming }: TArtistPage): string {
      const next = upcoming[0];
      const about = [
        artist.genres.join(', '),
        next ? `Next show: ${when(next)} at ${place(next.venue)}.` : '',
      ];
      return head({
        title: tabTitle(artist.name),
        previewTitle: artist.name,
        description: artist.bio.trim() || about.filter(Boolean).join('. ') || artist.name,
        url: publicPageUrl(publicUrl, 'artist', artist.id),
        ...picture(artist.photoUrl, artist.name),
      });
    },

    venue({ venue }: TVenuePage): string {
      const where = place(venue);
      return head({
        title: tabTitle(venue.name),
        previewTitle: venue.name,
        description: venue.description.trim() ? `${where}. ${venue.description}` : where,
        url: publicPageUrl(publicUrl, 'venue', venue.id),
        ...picture(venue.photoUrl, venue.name),
      });
    },

    /** The listing for `query`; its URL names the query's parameters in their declared order. */
    city(page: TCityShows, query: CityQuery): string {
      const title = CITY_SHOWS_LABELS.title(page.place.label);
      const named = page.shows
        .slice(0, CITY_SHOWS_NAMED)
        .map((show) => `${show.artist.name} at ${show.venue.name}`);
      const within = `within ${page.radiusMiles} miles of ${page.place.label}`;
      return head({
        title: tabTitle(title),
        previewTitle: title,
        description:
          named.length > 0
            ? `Upcoming shows ${within}: ${named.join(', ')}${page.shows.length > named.length ? ' and more' : ''}.`
            : `No upcoming shows ${within} on Encore yet.`,
        url: `${publicUrl}/shows?${cityQueryString(query)}`,
        ...picture(null, ''),
      });
    },

    /** /shows without a place: the search box. */
    citySearch(): string {
      return head({
        title: tabTitle(CITY_SHOWS_LABELS.searchTitle),
        previewTitle: CITY_SHOWS_LABELS.searchTitle,
        description: 'Find upcoming live music near any US city or ZIP code on Encore.',
        url: `${publicUrl}/shows`,
        ...picture(null, ''),
      });
    },
  };
}

export type PageHeads = ReturnType<typeof createPageHeads>;

/**
 * When, in the venue's zone as the show page writes it; a postponed show says so, and whether it
 * has its new date (contract's POSTPONED_WHEN).
 */
function when(
  show: Pick<TShow, 'startsAt' | 'timeZone' | 'status'>,
  newDatePending = false,
): string {
  const start = showLocalStart(show.startsAt, show.timeZone).text;
  if (show.status === 'postponed' && newDatePending)
    return `Postponed: ${POSTPONED_WHEN.pending(start)}`;
  if (show.status === 'postponed') return `${POSTPONED_WHEN.movedTo} ${start}`;
  if (show.status === 'cancelled') return `Cancelled: ${start}`;
  return start;
}

function place(venue: { name: string; city: string; state: string }): string {
  return [venue.name, venue.city, venue.state].filter(Boolean).join(', ');
}

function cityQueryString(query: CityQuery): string {
  const search = new URLSearchParams();
  for (const name of CACHED_PAGES.city.key) {
    const value = query[name];
    if (value !== undefined && !(name === 'page' && value === 1)) search.set(name, String(value));
  }
  return search.toString();
}
