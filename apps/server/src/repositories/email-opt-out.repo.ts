import type { TUnsubscribeScope } from '@encore/contract';
import { eq, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { fanSettings, user } from '../db/schema/index.ts';

/** The fan setting each unsubscribe scope switches off. */
const SCOPE_SETTING = {
  alerts: 'email',
  'show-pals': 'showPalsEmail',
  artists: 'artistMessages',
} as const satisfies Record<TUnsubscribeScope, keyof typeof fanSettings.$inferInsert>;

export function createEmailOptOutRepo(orm: Orm) {
  return {
    /**
     * One-click unsubscribe: the setting of that kind of mail off at once (alert emails: `email`;
     * Show Pals emails: `show_pals_email`), the others as they were. A fan who never saved
     * settings gets a row with the column defaults and that one off. Answers the account email,
     * or null when the account no longer exists.
     */
    async unsubscribe(fanId: string, scope: TUnsubscribeScope): Promise<string | null> {
      const [account] = await orm
        .select({ email: user.email })
        .from(user)
        .where(eq(user.id, fanId));
      if (!account) return null;
      const off = { [SCOPE_SETTING[scope]]: false };
      await orm
        .insert(fanSettings)
        .values({ userId: fanId, ...off })
        .onConflictDoUpdate({ target: fanSettings.userId, set: { ...off, updatedAt: new Date() } });
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
