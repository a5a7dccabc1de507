import {
  ZApiError,
  ZTourPlan,
  ZTourPlanInput,
  ZTourPlanList,
  ZTourPlanRename,
  ZTourPlanRerun,
  zSingleLineText,
} from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../http/signed-in.ts';
import type { TourPlanner } from '../services/tour-planner.service.ts';

export type TourPlannerRoutesOptions = {
  signedIn: onRequestHookHandler;
  planner: TourPlanner;
};

const tags = ['tour-planner'];
const params = z.object({ id: zSingleLineText().max(200) });
const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/**
 * /api/tour-plans: the performer's tour planner. Planning (POST) and planning again
 * (PUT) answer 422 PLAN_UNSATISFIABLE with the constraint's field when no plan fits. Every answer
 * is the performer's own: never cached.
 */
export const tourPlannerRoutes: FastifyPluginAsyncZod<TourPlannerRoutesOptions> = async (
  app,
  { signedIn, planner },
) => {
  app.addHook('onRequest', signedIn);

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Plan a tour from a prompt (or corrected constraints) and save the plan',
        body: ZTourPlanInput,
        response: { 201: ZTourPlan, 400: ZApiError, 422: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      const plan = await planner.plan(currentUser(request), request.body);
      return reply.status(201).send(plan);
    },
  );
  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'My saved tour plans, newest first',
        response: { 200: ZTourPlanList, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => planner.list(currentUser(request)),
  );
  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One of my saved tour plans, whole',
        params,
        response: { 200: ZTourPlan, ...errors },
      },
    },
    async (request) => planner.get(currentUser(request), request.params.id),
  );
  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Plan a saved plan again from corrected constraints (same id and name)',
        params,
        body: ZTourPlanRerun,
        response: { 200: ZTourPlan, 400: ZApiError, 422: ZApiError, ...errors },
      },
    },
    async (request) =>
      planner.rerun(currentUser(request), request.params.id, request.body.constraints),
  );
  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Rename a saved plan',
        params,
        body: ZTourPlanRename,
        response: { 200: ZTourPlan, 400: ZApiError, ...errors },
      },
    },
    async (request) => planner.rename(currentUser(request), request.params.id, request.body.name),
  );
  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a saved plan (booking requests sent from it stay)',
        params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await planner.remove(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
