import type { Orm } from '../../db/client.ts';
import type {
  PlannerArtist,
  PlannerWorld,
  ResolvedConstraints,
} from '../../domain/tour-planner/types.ts';

/**
 * What the planner reads from the database, aggregates only (never an individual fan).
 * STUB (issue 16 contract): the planner-demand helper implements it.
 */
export function createPlannerWorldRepo(_orm: Orm) {
  return {
    /** The performer's profile facts; null when the user has no performer profile. */
    async loadArtist(_performerId: string): Promise<PlannerArtist | null> {
      throw new Error('planner artist: not implemented yet');
    },
    /**
     * The Encore venues that fit (area, capacity band, the artist's genres in their show
     * history), each with booked nights in the window, demand in reach and its calibration.
     */
    async loadWorld(
      _artist: PlannerArtist,
      _constraints: ResolvedConstraints,
    ): Promise<PlannerWorld> {
      throw new Error('planner world: not implemented yet');
    },
  };
}
