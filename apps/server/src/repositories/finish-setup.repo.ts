import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { fanFinishSetup } from '../db/schema/index.ts';

/** The one-time 'Finish setting up' card: offered at setup, then done or dismissed for good. */
export function createFinishSetupRepo(orm: Orm) {
  return {
    /** The card is showing: offered, the location step not done, not dismissed. */
    async isVisible(fanId: string): Promise<boolean> {
      const [found] = await orm
        .select({ userId: fanFinishSetup.userId })
        .from(fanFinishSetup)
        .where(
          and(
            eq(fanFinishSetup.userId, fanId),
            isNull(fanFinishSetup.locationStepAt),
            isNull(fanFinishSetup.dismissedAt),
          ),
        );
      return found !== undefined;
    },

    /** The location step was finished (either button); the first time counts. */
    async locationStepDone(fanId: string): Promise<void> {
      await orm
        .update(fanFinishSetup)
        .set({ locationStepAt: sql`coalesce(${fanFinishSetup.locationStepAt}, now())` })
        .where(eq(fanFinishSetup.userId, fanId));
    },

    async dismiss(fanId: string): Promise<void> {
      await orm
        .update(fanFinishSetup)
        .set({ dismissedAt: sql`coalesce(${fanFinishSetup.dismissedAt}, now())` })
        .where(eq(fanFinishSetup.userId, fanId));
    },
  };
}

export type FinishSetupRepo = ReturnType<typeof createFinishSetupRepo>;
