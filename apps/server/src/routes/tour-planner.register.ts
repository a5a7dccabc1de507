import type { FastifyInstance } from 'fastify';
import { createLanguageModel } from '../adapters/llm/openai-language-model.ts';
import type { Auth } from '../auth/auth.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { signedIn } from '../http/signed-in.ts';
import { createPlannerWorldRepo } from '../repositories/tour-planner/planner-world.repo.ts';
import { createTourPlansRepo } from '../repositories/tour-planner/tour-plans.repo.ts';
import { createTourPlanner } from '../services/tour-planner.service.ts';
import { tourPlannerRoutes } from './tour-planner.routes.ts';

/**
 * The tour planner: planning and saved plans (/api/tour-plans). The language model is
 * optional (LLM_BASE_URL): without one the planner reads prompts with its own parser and writes
 * the email from its template.
 */
export async function registerTourPlanner(
  app: FastifyInstance,
  deps: { config: AppConfig; database: Database; auth: Auth },
) {
  const { orm } = deps.database;
  const planner = createTourPlanner({
    world: createPlannerWorldRepo(orm),
    plans: createTourPlansRepo(orm),
    model: createLanguageModel(deps.config.llm, app.log),
  });
  await app.register(tourPlannerRoutes, {
    prefix: '/api/tour-plans',
    signedIn: signedIn(deps.auth),
    planner,
  });
}
