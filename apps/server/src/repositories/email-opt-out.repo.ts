import { eq, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { fanSettings, user } from '../db/schema/index.ts';

export function createEmailOptOutRepo(orm: Orm) {
  return {
    /**
     * One-click unsubscribe: the fan's email alert toggle off at once. A fan who never saved
     * settings gets a row with the column defaults and email off. Answers the account email, or
     * null when the account no longer exists.
     */
    async unsubscribe(fanId: string): Promise<string | null> {
      const [account] = await orm
        .select({ email: user.email })
        .from(user)
        .where(eq(user.id, fanId));
      if (!account) return null;
      await orm
        .insert(fanSettings)
        .values({ userId: fanId, email: false })
        .onConflictDoUpdate({
          target: fanSettings.userId,
          set: { email: false, updatedAt: new Date() },
        });
      return account.email;
    },
    /** Which of these fans have turned alert email off since their deliveries were matched. */
    async emailOff(fanIds: readonly string[]): Promise<Set<string>> {
      if (fanIds.length === 0) return new Set();
      // One array parameter, not one per fan: a short fixed text. Planned per call, not
      // prepared, like the push subscriptions' read (push-subscription.repo.ts says why).
      const { rows } = await orm.execute<{ user_id: string }>(
        sql`select user_id from fan_settings
            where user_id = any(${sql.param([...new Set(fanIds)])}::text[]) and not email`,
      );
      return new Set(rows.map((r) => r.user_id));
    },
  };
}

export type EmailOptOutRepo = ReturnType<typeof createEmailOptOutRepo>;
