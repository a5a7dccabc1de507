import type { TPushSubscription } from '@encore/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { pushSubscriptions } from '../db/schema/index.ts';

export type StoredPushSubscription = {
  id: string;
  fanId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
};

export function createPushSubscriptionRepo(orm: Orm) {
  return {
    /**
     * Saves the browser's subscription for this fan. An endpoint belongs to one browser profile,
     * so when another fan signs in there the subscription moves to them (keys refreshed).
     */
    async upsert(fanId: string, subscription: TPushSubscription): Promise<void> {
      const values = {
        fanId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
      };
      await orm
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
    },
    /** Removes the fan's subscription with this endpoint; another fan's is left alone. */
    async remove(fanId: string, endpoint: string): Promise<void> {
      await orm
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.fanId, fanId), eq(pushSubscriptions.endpoint, endpoint)));
    },
    /** Every subscription of these fans, in one query for a whole batch of alerts. */
    async forFans(fanIds: readonly string[]): Promise<StoredPushSubscription[]> {
      if (fanIds.length === 0) return [];
      // One array parameter, not one per fan: a short fixed text for Postgres to parse. Planned
      // per call, not prepared: a generic plan (Postgres may switch to one after five runs) is
      // made without the array's length and could scan a table that grows with the fans.
      const { rows } = await orm.execute<StoredPushSubscription>(
        sql`select id, fan_id as "fanId", endpoint, p256dh, auth from push_subscriptions
            where fan_id = any(${sql.param([...new Set(fanIds)])}::text[])`,
      );
      return rows;
    },
    /** The push service said this subscription is gone (404/410). */
    async removeById(id: string): Promise<void> {
      await orm.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },
  };
}

export type PushSubscriptionRepo = ReturnType<typeof createPushSubscriptionRepo>;
