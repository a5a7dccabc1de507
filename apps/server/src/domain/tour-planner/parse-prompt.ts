import type { TTourConstraints } from '@encore/contract';

/**
 * Reads a tour prompt into constraints, deterministically ("10 dates in the Northeast in March,
 * 500-1000 capacity, max 300 miles a day"). `today` (YYYY-MM-DD) anchors months and dates without
 * a year to the next such date. What the prompt does not say stays null / [].
 * STUB (issue 16 contract): the planner-core helper implements it.
 */
export function parseTourPrompt(_prompt: string, _today: string): TTourConstraints {
  throw new Error('parseTourPrompt: not implemented yet');
}
