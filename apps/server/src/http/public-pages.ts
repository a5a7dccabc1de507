import {
  type TCityShows,
  type TShowDetail,
  type TTourDates,
  type TTourDatesOwner,
  ZCityShows,
  type ZCityShowsQuery,
  ZShowDetail,
  ZTourDates,
} from '@encore/contract';
import type { z } from 'zod';
import type { ArtistPages } from '../services/artist-page.service.ts';
import type { CityShows } from '../services/city-shows.service.ts';
import type { ShowPages } from '../services/show-page.service.ts';
import type { TourCalendar, TourDates } from '../services/tour-dates.service.ts';
import { cachedPage, listingTag, showTag, showTags, userTag } from './cached-pages.ts';
import type { ProfilePageJson } from './profile-page-json.ts';
import { type CachedPage, firstStart } from './public-cache.ts';

/** The tour-date feed's CORS: any origin may read it, never with credentials. */
export const TOUR_DATES_CORS = ['access-control-allow-origin', '*'] as const;

export type CityQuery = z.output<typeof ZCityShowsQuery>;

/**
 * The public pages as anyone sees them, each a cached page (http/public-cache.ts): its key, the
 * rows it showed, how it is read and when it turns. Once here, for the JSON routes and for the
 * same pages' HTML (routes/page-html.routes.ts), whose head is made from the cached JSON page.
 */
export function createPublicPages(services: {
  shows: ShowPages;
  artists: ArtistPages;
  cityShows: CityShows;
  tourDates: TourDates;
}) {
  const { tourDates } = services;
  return {
    /** The show page as an anonymous visitor sees it (a signed-in one is built uncached). */
    show: (id: string): CachedPage<TShowDetail> => ({
      ...cachedPage('show', { id }),
      tags: () => [showTag(id)],
      load: () => services.shows.detail(id, null),
      schema: ZShowDetail,
    }),
    /** The artist page without a fan's own alert, made of the show fragments (decision 054). */
    artist: (id: string): CachedPage<ProfilePageJson> => ({
      ...cachedPage('artist', { id }),
      tags: (page) => [userTag(id), ...page.showIds.map(showTag)],
      load: () => services.artists.publicArtist(id),
      // ZArtistPage's bytes, made by the service (http/profile-page-json.ts).
      json: (page) => page.json,
      expiresAt: (page) => page.firstStartMs,
    }),
    /** The venue page, made of the show fragments as the artist page. */
    venue: (id: string): CachedPage<ProfilePageJson> => ({
      ...cachedPage('venue', { id }),
      tags: (page) => [userTag(id), ...page.showIds.map(showTag)],
      load: () => services.artists.venue(id),
      json: (page) => page.json,
      expiresAt: (page) => page.firstStartMs,
    }),
    /**
     * An artist's or venue's tour dates for the widget, on any origin: `*` without credentials
     * (no cookie is read or sent cross-site; the answer is the same for everyone).
     */
    tourDates: (owner: TTourDatesOwner, id: string): CachedPage<TTourDates> => ({
      ...cachedPage(owner === 'artists' ? 'artistTourDates' : 'venueTourDates', { id }),
      headers: TOUR_DATES_CORS,
      tags: (page) => [userTag(id), ...showTags(page.shows)],
      load: () => tourDates.feed(owner, id),
      schema: ZTourDates,
      expiresAt: (page) => firstStart(page.shows),
    }),
    /** The same shows as an iCalendar feed. */
    tourCalendar: (owner: TTourDatesOwner, id: string): CachedPage<TourCalendar> => ({
      ...cachedPage(owner === 'artists' ? 'artistCalendar' : 'venueCalendar', { id }),
      tags: (page) => [userTag(id), ...showTags(page.shows)],
      load: () => tourDates.calendar(owner, id),
      calendar: (page) => tourDates.ics(page),
      expiresAt: (page) => firstStart(page.shows),
    }),
    /**
     * The city listing for a parsed query: its declared order makes the key, so
     * `?radius=250&near=x` and `?near=x&radius=250` share it.
     */
    city: (query: CityQuery): CachedPage<TCityShows> => ({
      ...cachedPage('city', query),
      // The cells its circle touches (a show added or moved near), not LISTING_TAG (any show).
      tags: (page) => [
        ...services.cityShows.cells(query.near, page.radiusMiles).map(listingTag.cell),
        ...showTags(page.shows),
      ],
      load: () => services.cityShows.list(query),
      schema: ZCityShows,
      expiresAt: (page) => firstStart(page.shows),
    }),
  };
}

export type PublicPages = ReturnType<typeof createPublicPages>;
