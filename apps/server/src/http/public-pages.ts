import {
  type TArtistPage,
  type TCityShows,
  type TShowDetail,
  type TVenuePage,
  ZArtistPage,
  ZCityShows,
  type ZCityShowsQuery,
  ZShowDetail,
  ZVenuePage,
} from '@encore/contract';
import type { z } from 'zod';
import type { ArtistPages } from '../services/artist-page.service.ts';
import type { CityShows } from '../services/city-shows.service.ts';
import type { ShowPages } from '../services/show-page.service.ts';
import { cachedPage, LISTING_TAG, showTag, showTags, userTag } from './cached-pages.ts';
import { type CachedPage, firstStart } from './public-cache.ts';

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
}) {
  return {
    /** The show page as an anonymous visitor sees it (a signed-in one is built uncached). */
    show: (id: string): CachedPage<TShowDetail> => ({
      ...cachedPage('show', { id }),
      tags: () => [showTag(id)],
      load: () => services.shows.detail(id, null),
      schema: ZShowDetail,
    }),
    /** The artist page without a fan's own alert. */
    artist: (id: string): CachedPage<TArtistPage> => ({
      ...cachedPage('artist', { id }),
      tags: (page) => [userTag(id), ...showTags(page.upcoming), ...showTags(page.past)],
      load: () => services.artists.publicArtist(id),
      schema: ZArtistPage,
      expiresAt: (page) => firstStart(page.upcoming),
    }),
    venue: (id: string): CachedPage<TVenuePage> => ({
      ...cachedPage('venue', { id }),
      tags: (page) => [userTag(id), ...showTags(page.upcoming)],
      load: () => services.artists.venue(id),
      schema: ZVenuePage,
      expiresAt: (page) => firstStart(page.upcoming),
    }),
    /**
     * The city listing for a parsed query: its declared order makes the key, so
     * `?radius=250&near=x` and `?near=x&radius=250` share it.
     */
    city: (query: CityQuery): CachedPage<TCityShows> => ({
      ...cachedPage('city', query),
      tags: (page) => [LISTING_TAG, ...showTags(page.shows)],
      load: () => services.cityShows.list(query),
      schema: ZCityShows,
      expiresAt: (page) => firstStart(page.shows),
    }),
  };
}

export type PublicPages = ReturnType<typeof createPublicPages>;
