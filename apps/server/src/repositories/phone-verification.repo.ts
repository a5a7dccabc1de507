import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { phoneVerification } from '../db/schema/index.ts';

export type PhoneVerificationRow = typeof phoneVerification.$inferSelect;

export function createPhoneVerificationRepo(orm: Orm) {
  return {
    /** Whether this user confirmed exactly this phone (changing the profile's phone unverifies). */
    async isPhoneVerified(userId: string, phone: string): Promise<boolean> {
      const rows = await orm
        .select({ userId: phoneVerification.userId })
        .from(phoneVerification)
        .where(
          and(
            eq(phoneVerification.userId, userId),
            eq(phoneVerification.phone, phone),
            isNotNull(phoneVerification.verifiedAt),
          ),
        );
      return rows.length > 0;
    },

    async find(userId: string): Promise<PhoneVerificationRow | undefined> {
      const [row] = await orm
        .select()
        .from(phoneVerification)
        .where(eq(phoneVerification.userId, userId));
      return row;
    },

    /**
     * A fresh code replaces any earlier one and its attempts. A phone already verified stays
     * verified when the same number asks for a new code; a different number starts unverified.
     */
    async saveCode(userId: string, phone: string, codeHash: string, expiresAt: Date) {
      await orm
        .insert(phoneVerification)
        .values({ userId, phone, codeHash, expiresAt, attempts: 0 })
        .onConflictDoUpdate({
          target: phoneVerification.userId,
          set: {
            phone,
            codeHash,
            expiresAt,
            attempts: 0,
            verifiedAt: sql`case when ${phoneVerification.phone} = excluded.phone
              then ${phoneVerification.verifiedAt} end`,
          },
        });
    },

    /**
     * Spends one attempt before the code is compared, atomically, so parallel guesses cannot
     * exceed the limit. Returns nothing when no live code is left to try.
     */
    async takeAttempt(userId: string, maxAttempts: number) {
      const [row] = await orm
        .update(phoneVerification)
        .set({ attempts: sql`${phoneVerification.attempts} + 1` })
        .where(
          and(
            eq(phoneVerification.userId, userId),
            isNotNull(phoneVerification.codeHash),
            lt(phoneVerification.attempts, maxAttempts),
          ),
        )
        .returning();
      return row;
    },

    /** A code works once: used or spent codes are cleared. */
    async invalidateCode(userId: string): Promise<void> {
      await orm
        .update(phoneVerification)
        .set({ codeHash: null })
        .where(eq(phoneVerification.userId, userId));
    },

    async markVerified(userId: string, codeHash: string): Promise<boolean> {
      const rows = await orm
        .update(phoneVerification)
        .set({ codeHash: null, verifiedAt: sql`now()` })
        .where(and(eq(phoneVerification.userId, userId), eq(phoneVerification.codeHash, codeHash)))
        .returning({ userId: phoneVerification.userId });
      return rows.length > 0;
    },
  };
}

export type PhoneVerificationRepo = ReturnType<typeof createPhoneVerificationRepo>;
