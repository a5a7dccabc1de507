import { ZApiError, ZFanStats, ZPerformerStats, ZVenueStats } from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, ownFiguresOnly } from '../http/signed-in.ts';
import type { StatsService } from '../services/stats.service.ts';

export type StatsRoutesOptions = { service: StatsService; signedIn: onRequestHookHandler };

const tags = ['stats'];
const errors = { 401: ZApiError, 403: ZApiError };

/** GET /api/stats/<role>: the stats card and analytics figures of the signed-in user. */
export const statsRoutes: FastifyPluginAsyncZod<StatsRoutesOptions> = async (
  app,
  { service, signedIn },
) => {
  ownFiguresOnly(app, signedIn);
  app.get(
    '/fan',
    { schema: { tags, summary: 'The fan’s stats', response: { 200: ZFanStats, ...errors } } },
    async (request) => service.fan(currentUser(request)),
  );
  app.get(
    '/performer',
    {
      schema: {
        tags,
        summary: 'The performer’s stats',
        response: { 200: ZPerformerStats, ...errors },
      },
    },
    async (request) => service.performer(currentUser(request)),
  );
  app.get(
    '/venue',
    { schema: { tags, summary: 'The venue’s stats', response: { 200: ZVenueStats, ...errors } } },
    async (request) => service.venue(currentUser(request)),
  );
};
