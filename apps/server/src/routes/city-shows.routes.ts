import { ZApiError, ZCityShows, ZCityShowsQuery } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PublicCache } from '../http/public-cache.ts';
import type { PublicPages } from '../http/public-pages.ts';

export type CityShowsRoutesOptions = { publicPages: PublicPages; publicCache: PublicCache };

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
    async (request, reply) => o.publicCache.send(request, reply, o.publicPages.city(request.query)),
  );
};
