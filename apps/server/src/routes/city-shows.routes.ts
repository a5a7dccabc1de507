import { ZApiError, ZCityShows, ZCityShowsQuery } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CityShows } from '../services/city-shows.service.ts';

export type CityShowsRoutesOptions = { cityShows: CityShows };

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
      reply.header('cache-control', 'public, max-age=60');
      return o.cityShows.list(request.query);
    },
  );
};
