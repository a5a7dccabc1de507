import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import {
  ALERT_FACTS_COLUMNS,
  ALERT_FACTS_JOINS,
  type AlertFactsRow,
  alertBody,
  alertFactsOf,
  alertsUrl,
  alertTitle,
  digestBody,
  digestTitle,
  showUrl,
} from './alert-text.ts';
import type { OutboundChannel, OutgoingAlert, SendOutcome } from './channel-sender.ts';
import { readDigestItems } from './digest-items.ts';
import { bigMatchWritingSql } from './match-locks.ts';
import { zipState } from './zip-state.ts';

type ClaimedRow = AlertFactsRow & {
  id: string;
  fan_id: string;
  email: string;
  phone: string | null;
  reason: string;
  attempts: number;
  show_id: string;
  home_city: string | null;
  zip_code: string | null;
  /** Whether other rows ride in this one's message (a released digest). */
  carrier: boolean;
};

export type RetryPolicy = { baseDelayMs: number; maxDelayMs: number };

/** The outbox as the dispatcher sees it: claim a batch, record what became of it. */
export function createOutbox(orm: Orm, publicUrl: string) {
  return {
    /** Whether a matcher is writing a big audience (match-locks.ts); dispatch waits for it. */
    async bigMatchWriting(): Promise<boolean> {
      const { rows } = await orm.execute<{ writing: boolean }>(bigMatchWritingSql);
      return rows[0]?.writing === true;
    },

    /**
     * Claims up to `limit` due rows of a channel and leases them: their next_attempt_at moves
     * `leaseMs` ahead, so no other worker takes them meanwhile, and a worker that dies with them
     * simply lets the lease run out. One statement, so the row locks last milliseconds. Rows
     * held for the digest or carried by another are never claimed; a carrier comes with the
     * shows it carries (one more query for the batch, only when it holds a carrier).
     */
    async claim(
      channel: OutboundChannel,
      limit: number,
      leaseMs: number,
    ): Promise<OutgoingAlert[]> {
      const { rows } = await orm.execute<ClaimedRow>(sql`
        with claimed as (
          update alert_deliveries d
          set next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
          from (
            select id from alert_deliveries
            where channel = ${channel} and state = 'pending' and not digest
              and next_attempt_at <= now()
            order by next_attempt_at
            limit ${limit}
            for update skip locked
          ) due
          where d.id = due.id
          returning d.id, d.fan_id, d.show_event_id, d.reason, d.attempts
        )
        select c.id::text as id, c.fan_id, u.email, fp.phone, e.kind, c.reason, c.attempts,
          s.id as show_id, ${sql.raw(ALERT_FACTS_COLUMNS)}, fp.home_city, fp.zip_code,
          exists (select 1 from alert_deliveries x where x.carrier_id = c.id) as carrier
        from claimed c
        join "user" u on u.id = c.fan_id
        left join fan_profiles fp on fp.user_id = c.fan_id
        join show_events e on e.id = c.show_event_id
        join shows s on s.id = e.show_id
        ${sql.raw(ALERT_FACTS_JOINS)}`);
      const carried = await readDigestItems(
        orm,
        publicUrl,
        rows.filter((r) => r.carrier).map((r) => Number(r.id)),
      );
      return rows.map((r): OutgoingAlert => {
        const facts = alertFactsOf(r);
        const alert: OutgoingAlert = {
          deliveryId: Number(r.id),
          fanId: r.fan_id,
          channel,
          email: r.email,
          phone: r.phone,
          kind: r.kind,
          title: alertTitle(facts),
          body: alertBody(facts),
          reason: r.reason,
          showId: r.show_id,
          showUrl: showUrl(publicUrl, r.show_id),
          attempts: r.attempts,
        };
        const items = carried.get(alert.deliveryId) ?? [];
        // A carrier left with only its own show (the others' fan or show deleted) is one alert.
        if (items.length < 2) return alert;
        const state = r.zip_code ? zipState(r.zip_code) : undefined;
        const home = r.home_city ? [r.home_city, state].filter(Boolean).join(', ') : null;
        return {
          ...alert,
          title: digestTitle(items.length, home),
          body: digestBody(items),
          digest: { items, url: alertsUrl(publicUrl) },
        };
      });
    },

    /**
     * Records outcomes of claimed alerts (a group of a batch, as they complete) in one UPDATE:
     * sent (sent_at), failed for good (last_error), or retried after min(base·2^attempts, max) —
     * or the provider's Retry-After when it gave one. Only pending rows change: a row recorded
     * sent or failed stays so, even when a write is retried after its first try did commit.
     * `renew` extends the lease of the batch's rows still in hand in the same statement, so a
     * batch that makes progress is never taken away from a worker that is still sending it.
     * A digest's carried rows take their carrier's final state, attempts and error in the same
     * statement: they were in its message.
     */
    async finish(
      claimed: OutgoingAlert[],
      outcomes: SendOutcome[],
      policy: RetryPolicy,
      renew: { ids: readonly number[]; leaseMs: number } = { ids: [], leaseMs: 0 },
    ): Promise<void> {
      const byId = new Map(outcomes.map((o) => [o.deliveryId, o]));
      const ids: number[] = [];
      const statuses: string[] = [];
      const errors: (string | null)[] = [];
      const delays: number[] = [];
      for (const alert of claimed) {
        // A sender that forgot an alert is a bug to retry, not a reason to lose the alert.
        const outcome = byId.get(alert.deliveryId) ?? {
          deliveryId: alert.deliveryId,
          status: 'retry' as const,
          error: 'the sender gave no outcome',
        };
        ids.push(alert.deliveryId);
        statuses.push(outcome.status);
        errors.push(outcome.status === 'sent' ? null : outcome.error.slice(0, 1000));
        delays.push(
          outcome.status === 'retry'
            ? (outcome.retryAfterMs ??
                Math.min(policy.baseDelayMs * 2 ** alert.attempts, policy.maxDelayMs))
            : 0,
        );
      }
      if (ids.length === 0) return;
      for (const id of renew.ids) {
        ids.push(id);
        statuses.push('lease');
        errors.push(null);
        delays.push(renew.leaseMs);
      }
      await orm.execute(sql`
        with recorded as (
          update alert_deliveries d set
            state = case when u.status in ('retry', 'lease') then 'pending' else u.status end,
            sent_at = case when u.status = 'sent' then now() else d.sent_at end,
            attempts = d.attempts + case when u.status = 'lease' then 0 else 1 end,
            last_error = case when u.status = 'lease' then d.last_error else u.error end,
            next_attempt_at = case when u.status in ('retry', 'lease')
              then now() + u.delay_ms * interval '1 millisecond' else d.next_attempt_at end
          from unnest(${sqlArray(ids)}::bigint[], ${sqlArray(statuses)}::text[],
            ${sqlArray(errors)}::text[], ${sqlArray(delays)}::float8[])
            as u(id, status, error, delay_ms)
          where d.id = u.id and d.state = 'pending'
          returning d.id, d.state, d.sent_at, d.attempts, d.last_error
        )
        update alert_deliveries c set state = r.state, sent_at = r.sent_at,
          attempts = r.attempts, last_error = r.last_error
        from recorded r
        -- 'is not null' lets the planner use the small partial index of carried rows.
        where c.carrier_id is not null and c.carrier_id = r.id and r.state <> 'pending' and c.state = 'pending'`);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/** node-postgres sends a JS array as a Postgres array parameter; drizzle would spread it. */
function sqlArray(values: readonly unknown[]) {
  return sql.param(values);
}
