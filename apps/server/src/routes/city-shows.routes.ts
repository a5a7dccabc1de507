import { type TCityShows, ZApiError, ZCityShows, ZCityShowsQuery } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cachedPage, LISTING_TAG, showTags } from '../http/cached-pages.ts';
import { firstStart, type PublicCache } from '../http/public-cache.ts';
import type { CityShows } from '../services/city-shows.service.ts';

export type CityShowsRoutesOptions = { cityShows: CityShows; publicCache: PublicCache };

/**
 * GET /api/shows?near=: the public city listing. Anyone may ask, signed in or not; the answer is
 * the same for everyone, so shared caches may keep it a minute (a new show shows up that late).
 */
export const cityShowsRoutes: FastifyPluginAsyncZod<CityShowsRoutesOptions> = async (app, o) => {
  app.get(
    '',
    {
      schema: {
        tags: ['shows'],
        summary: 'Upcoming shows near a city or ZIP, soonest first, 50 a page',
        querystring: ZCityShowsQuery,
        response: { 200: ZCityShows, 400: ZApiError },
      },
    },
    async (request, reply) => {
      const q = request.query;
      // The parsed query in its declared order: `?radius=250&near=x` and `?near=x&radius=250` share it.
      return o.publicCache.send(request, reply, {
        ...cachedPage('city', q),
        tags: (page: TCityShows) => [LISTING_TAG, ...showTags(page.shows)],
        load: () => o.cityShows.list(q),
        schema: ZCityShows,
        expiresAt: (page: TCityShows) => firstStart(page.shows),
      });
    },
  );
};
