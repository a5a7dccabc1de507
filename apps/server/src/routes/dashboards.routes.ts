import {
  ZApiError,
  ZPerformerDashboard,
  ZVenueDashboard,
  ZVenueDashboardQuery,
} from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cachedPage } from '../http/cached-pages.ts';
import type { PrivateCache } from '../http/private-cache.ts';
import { currentUser, ownFiguresOnly } from '../http/signed-in.ts';
import { type DashboardsService, performerChangesAt } from '../services/dashboards.service.ts';

export type DashboardsRoutesOptions = {
  service: DashboardsService;
  signedIn: onRequestHookHandler;
  privatePages: PrivateCache;
};

const tags = ['dashboards'];
const errors = { 401: ZApiError, 403: ZApiError };

/**
 * GET /api/dashboards/<role>: the signed-in performer's or venue's own dashboard, cached per user
 * in this process (http/private-cache.ts) until a table it reads changes or time moves it.
 */
export const dashboardsRoutes: FastifyPluginAsyncZod<DashboardsRoutesOptions> = async (
  app,
  { service, signedIn, privatePages },
) => {
  ownFiguresOnly(app, signedIn);
  app.get(
    '/performer',
    {
      schema: {
        tags,
        summary: 'The performer’s dashboard',
        response: { 200: ZPerformerDashboard, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      return privatePages.send(request, reply, user.id, {
        ...cachedPage('performerDashboard', {}),
        load: () => service.performer(user),
        schema: ZPerformerDashboard,
        expiresAt: (dashboard) => performerChangesAt(dashboard),
      });
    },
  );
  app.get(
    '/venue',
    {
      schema: {
        tags,
        summary: 'The venue’s dashboard for the last 30, 90 or 365 days',
        querystring: ZVenueDashboardQuery,
        response: { 200: ZVenueDashboard, 400: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { period } = request.query;
      // The expiry needs a figure the page does not show; it is kept beside the load.
      let changesAt: number | null = null;
      return privatePages.send(request, reply, user.id, {
        ...cachedPage('venueDashboard', { period }),
        load: async () => {
          const page = await service.venuePage(user, period);
          changesAt = page.changesAt;
          return page.dashboard;
        },
        schema: ZVenueDashboard,
        expiresAt: () => changesAt,
      });
    },
  );
};
