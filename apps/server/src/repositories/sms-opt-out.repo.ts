import { eq, inArray } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { fanProfile, smsOptOuts } from '../db/schema/index.ts';

export function createSmsOptOutRepo(orm: Orm) {
  return {
    /**
     * Records the number's STOP and turns SMS opt-in off on every fan profile holding it, in one
     * transaction. Answers whether the number was newly opted out (so STOP is confirmed once).
     */
    async optOut(e164: string, profilePhone: string | null): Promise<boolean> {
      return orm.transaction(async (tx) => {
        const inserted = await tx
          .insert(smsOptOuts)
          .values({ phone: e164 })
          .onConflictDoNothing()
          .returning({ phone: smsOptOuts.phone });
        if (profilePhone) {
          await tx
            .update(fanProfile)
            .set({ smsOptIn: false, updatedAt: new Date() })
            .where(eq(fanProfile.phone, profilePhone));
        }
        return inserted.length > 0;
      });
    },
    /**
     * START: the number may be texted again, and the profiles holding it are opted back in —
     * texting START from the phone is the owner's consent, and the confirmation says alerts are
     * back on. Answers whether the number was opted out.
     */
    async optIn(e164: string, profilePhone: string | null): Promise<boolean> {
      return orm.transaction(async (tx) => {
        const deleted = await tx
          .delete(smsOptOuts)
          .where(eq(smsOptOuts.phone, e164))
          .returning({ phone: smsOptOuts.phone });
        // Only undoes a STOP: a START out of the blue does not opt anyone in.
        if (profilePhone && deleted.length > 0) {
          await tx
            .update(fanProfile)
            .set({ smsOptIn: true, updatedAt: new Date() })
            .where(eq(fanProfile.phone, profilePhone));
        }
        return deleted.length > 0;
      });
    },
    /** Which of these E.164 numbers have opted out, in one query for a batch. */
    async optedOut(numbers: readonly string[]): Promise<Set<string>> {
      if (numbers.length === 0) return new Set();
      const rows = await orm
        .select({ phone: smsOptOuts.phone })
        .from(smsOptOuts)
        .where(inArray(smsOptOuts.phone, [...new Set(numbers)]));
      return new Set(rows.map((r) => r.phone));
    },
  };
}

export type SmsOptOutRepo = ReturnType<typeof createSmsOptOutRepo>;
