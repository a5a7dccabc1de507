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

    /**
     * The card asks the fan to verify their phone: it was offered and not dismissed, SMS is on in
     * their settings and they opted in, but the profile's phone is not one they verified, so the
     * alert match sends them no text yet (repositories/alerts/match-audience.repo.ts).
     */
    async phoneToVerify(fanId: string): Promise<boolean> {
      const { rows } = await orm.execute<{ pending: boolean }>(sql`
        select exists (
          select 1 from fan_finish_setup f
          join fan_settings fs on fs.user_id = f.user_id
          join fan_profiles fp on fp.user_id = f.user_id
          where f.user_id = ${fanId} and f.dismissed_at is null and fs.sms and fp.sms_opt_in
            and not exists (select 1 from phone_verifications pv
              where pv.user_id = fp.user_id and pv.phone = fp.phone and pv.verified_at is not null)
        ) as pending`);
      return rows[0]?.pending === true;
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
