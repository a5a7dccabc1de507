import type { TTourConstraints, TTourPlan, TTourPlanSummary } from '@encore/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';
import { venueProfile } from '../../db/schema/profiles.ts';
import { tourPlans } from '../../db/schema/tour-planning.ts';

/** What a plan stores besides its own columns (the row's `result`). */
export type TourPlanResult = typeof tourPlans.$inferSelect.result;
type Row = typeof tourPlans.$inferSelect;

/**
 * A plan as stored: its venues without booking contacts (the service adds them, or not, when the
 * plan is read). A plan saved before contacts stopped being stored still has them in its JSON:
 * the service replaces them, whatever they are.
 */
export type StoredTourPlan = Omit<TTourPlan, 'venues' | 'contactsHidden'> & {
  venues: TourPlanResult['venues'];
};

export type BookingContacts = { contactEmail: string; bookingPhone: string };

function toPlan(row: Row): StoredTourPlan {
  return {
    id: row.id,
    name: row.name,
    prompt: row.prompt,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    constraints: row.constraints,
    ...row.result,
  };
}

/** A performer's saved tour plans. Every call is scoped by the performer: others' plans are absent. */
export function createTourPlansRepo(orm: Orm) {
  const own = (performerId: string, id: string) =>
    and(eq(tourPlans.performerId, performerId), eq(tourPlans.id, id));

  return {
    async insert(
      performerId: string,
      plan: { name: string; prompt: string; constraints: TTourConstraints; result: TourPlanResult },
    ): Promise<StoredTourPlan> {
      const [row] = await orm
        .insert(tourPlans)
        .values({ performerId, ...plan })
        .returning();
      if (!row) throw new Error('tour plan insert returned no row');
      return toPlan(row);
    },

    /** Newest first; the figures come out of the stored result in SQL (no plan is sent whole). */
    async list(performerId: string): Promise<TTourPlanSummary[]> {
      const { rows } = await orm.execute<TTourPlanSummary>(sql`
        select id, name,
          to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
          to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt",
          jsonb_array_length(result -> 'route') as dates,
          (select min(r ->> 'date') from jsonb_array_elements(result -> 'route') r)
            as "firstDate",
          (select max(r ->> 'date') from jsonb_array_elements(result -> 'route') r)
            as "lastDate",
          coalesce((result -> 'tourOptimization' ->> 'estimatedRevenue')::float8, 0)
            as "estimatedRevenue"
        from tour_plans
        where performer_id = ${performerId}
        order by created_at desc, id desc`);
      return rows;
    },

    async get(performerId: string, id: string): Promise<StoredTourPlan | null> {
      const [row] = await orm.select().from(tourPlans).where(own(performerId, id));
      return row ? toPlan(row) : null;
    },

    /** Planned again: new constraints and result, same name and prompt. */
    async update(
      performerId: string,
      id: string,
      plan: { constraints: TTourConstraints; result: TourPlanResult },
    ): Promise<StoredTourPlan | null> {
      const [row] = await orm
        .update(tourPlans)
        .set({ ...plan, updatedAt: sql`now()` })
        .where(own(performerId, id))
        .returning();
      return row ? toPlan(row) : null;
    },

    async rename(performerId: string, id: string, name: string): Promise<StoredTourPlan | null> {
      const [row] = await orm
        .update(tourPlans)
        .set({ name, updatedAt: sql`now()` })
        .where(own(performerId, id))
        .returning();
      return row ? toPlan(row) : null;
    },

    /** The venues' booking email and phone as they are now, by venue id (gone venues absent). */
    async bookingContacts(venueIds: string[]): Promise<Map<string, BookingContacts>> {
      if (venueIds.length === 0) return new Map();
      const rows = await orm
        .select({
          venueId: venueProfile.userId,
          contactEmail: venueProfile.bookingEmail,
          bookingPhone: venueProfile.bookingPhone,
        })
        .from(venueProfile)
        .where(inArray(venueProfile.userId, venueIds));
      return new Map(rows.map(({ venueId, ...contacts }) => [venueId, contacts]));
    },

    /** Whether there was such a plan to delete. */
    async remove(performerId: string, id: string): Promise<boolean> {
      const deleted = await orm
        .delete(tourPlans)
        .where(own(performerId, id))
        .returning({ id: tourPlans.id });
      return deleted.length > 0;
    },
  };
}

export type TourPlansRepo = ReturnType<typeof createTourPlansRepo>;
