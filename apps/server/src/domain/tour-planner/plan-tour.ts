import type { TTourConstraints } from '@encore/contract';
import type { PlannerArtist, PlannerOutcome, PlannerWorld, ResolvedConstraints } from './types.ts';

/**
 * Fills what the prompt left out: window (the next 30 days from today when no dates), count
 * (TOUR_DATES_DEFAULT), capacity band (the artist's typical capacity), drive cap
 * (TOUR_MAX_DRIVE_DEFAULT). STUB (issue 16 contract): the planner-core helper implements it.
 */
export function resolveConstraints(
  _constraints: TTourConstraints,
  _artist: PlannerArtist,
  _today: string,
): ResolvedConstraints {
  throw new Error('resolveConstraints: not implemented yet');
}

/**
 * Chooses venues and nights that maximise expected revenue under the drive cap, weekdays open,
 * booked nights, days off and fixed dates, and orders them into a route (nearest neighbour +
 * 2-opt). STUB (issue 16 contract): the planner-core helper implements it.
 */
export function planTour(_world: PlannerWorld, _constraints: ResolvedConstraints): PlannerOutcome {
  throw new Error('planTour: not implemented yet');
}
