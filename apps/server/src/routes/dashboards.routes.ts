import {
  ZApiError,
  ZPerformerDashboard,
  ZVenueDashboard,
  ZVenueDashboardQuery,
} from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, ownFiguresOnly } from '../http/signed-in.ts';
import type { DashboardsService } from '../services/dashboards.service.ts';

export type DashboardsRoutesOptions = {
  service: DashboardsService;
  signedIn: onRequestHookHandler;
};

const tags = ['dashboards'];
const errors = { 401: ZApiError, 403: ZApiError };

/** GET /api/dashboards/<role>: the signed-in performer's or venue's own dashboard. */
export const dashboardsRoutes: FastifyPluginAsyncZod<DashboardsRoutesOptions> = async (
  app,
  { service, signedIn },
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
    async (request) => service.performer(currentUser(request)),
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
    async (request) => service.venue(currentUser(request), request.query.period),
  );
};
