import type { FastifyInstance } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import type { Database } from '../db/client.ts';
import { signedIn } from '../http/signed-in.ts';
import { createPlannerWorldRepo } from '../repositories/tour-planner/planner-world.repo.ts';
import { createTourPlansRepo } from '../repositories/tour-planner/tour-plans.repo.ts';
import { createTourPlanner } from '../services/tour-planner.service.ts';
import { tourPlannerRoutes } from './tour-planner.routes.ts';

/**
 * The tour planner (issue 16): planning, saved plans (/api/tour-plans). The optional language
 * model is not wired yet: the planner reads prompts with its own parser and writes the email
 * from its template.
 */
export async function registerTourPlanner(
  app: FastifyInstance,
  deps: { database: Database; auth: Auth },
) {
  const { orm } = deps.database;
  const planner = createTourPlanner({
    world: createPlannerWorldRepo(orm),
    plans: createTourPlansRepo(orm),
    model: null,
  });
  await app.register(tourPlannerRoutes, {
    prefix: '/api/tour-plans',
    signedIn: signedIn(deps.auth),
    planner,
  });
}
