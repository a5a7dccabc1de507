import type { TTourConstraints } from '@encore/contract';
import type { PlannerArtist, PlannerOutcome, ResolvedConstraints } from './types.ts';

/**
 * "I understood: 10 dates in the Northeast between Mar 1 and Mar 31, 2027, rooms of 500–1,000,
 * at most 300 miles a day." Says which parts came from the prompt and which are defaults.
 * STUB (issue 16 contract): the planner-core helper implements it.
 */
export function describeConstraints(
  _said: TTourConstraints,
  _resolved: ResolvedConstraints,
): string {
  throw new Error('describeConstraints: not implemented yet');
}

/**
 * The outreach email drafted from the plan's facts (artist, dates, cities, demand), used as is
 * when no language model is configured and as the fallback when the model fails.
 * STUB (issue 16 contract): the planner-core helper implements it.
 */
export function outreachEmailTemplate(
  _artist: PlannerArtist,
  _plan: Extract<PlannerOutcome, { ok: true }>,
): string {
  throw new Error('outreachEmailTemplate: not implemented yet');
}
