import type { TDeliveryChannel } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { ALERT_FACTS_JOINS, type AlertFactsRow, EVENT_FACTS_COLUMNS } from '../alert-facts.repo.ts';
import { bigMatchWritingSql } from './match-locks.repo.ts';

/** A claimed delivery with what its message needs. */
export type ClaimedRow = AlertFactsRow & {
  show_event_id: string;
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

/** One show a digest carrier carries, its own among them. */
export type CarriedItemRow = AlertFactsRow & {
  /** The carried row's event (its fan and channel are the carrier's). */
  show_event_id: string;
  /** The carrier: its fan and event (its channel is the claim's). */
  fan_id: string;
  carrier_event_id: string;
  reason: string;
  show_id: string;
};

/**
 * One outcome to record, as parallel arrays (one UPDATE … FROM unnest for the whole group), each
 * row named by its key (events, fans, channels): status 'sent', 'failed', 'retry' (due again
 * after delayMs) or 'lease' (the lease renewed by delayMs, nothing else changes).
 */
export type OutcomeColumns = {
  events: string[];
  fans: string[];
  channels: string[];
  statuses: string[];
  errors: (string | null)[];
  delays: number[];
};

/**
 * What an outcome `u` (status, error, delay_ms as in OutcomeColumns) changes in its pending
 * delivery row `d`, in either outbox (alert_deliveries, artist_message_deliveries): the SET list.
 */
export const OUTCOME_CHANGES = sql`state = case when u.status in ('retry', 'lease') then 'pending' else u.status end,
  sent_at = case when u.status = 'sent' then now() else d.sent_at end,
  attempts = d.attempts + case when u.status = 'lease' then 0 else 1 end,
  last_error = case when u.status = 'lease' then d.last_error else u.error end,
  next_attempt_at = case when u.status in ('retry', 'lease')
    then now() + u.delay_ms * interval '1 millisecond' else d.next_attempt_at end`;

/**
 * The outbox's statements (alert_deliveries) as the dispatch loops use them: claim, the carried
 * shows of a claimed digest, record outcomes, and the big-match look. The rules — leases,
 * retries, digests — are alerts/outbox.ts's; each function here is one statement on the pool,
 * run as a named prepared statement (db/prepared.ts): each runs once or more per batch
 * of every channel, so its text must stay fixed (values and arrays as parameters).
 */
export function createOutboxRepo(orm: Orm) {
  return {
    /** Whether a session holds the big-match lock (match-locks.repo.ts): looked at, never taken. */
    async bigMatchWriting(): Promise<boolean> {
      const { rows } = await executePrepared<{ writing: boolean }>(orm, bigMatchWritingSql);
      return rows[0]?.writing === true;
    },

    /**
     * Leases up to `limit` due rows of a channel (next_attempt_at moved `leaseMs` ahead, FOR
     * UPDATE SKIP LOCKED) and reads what their messages need. Held and carried rows are never
     * claimed. The rows are chosen and locked in a MATERIALIZED CTE, once: as a subquery of the
     * UPDATE, one claim of 100 leased 1,400-1,900 rows in the STOP fault test
     * (test/alerts/alert-faults-sms-stop.test.ts, which checks every lease's size); published
     * accounts put it on Postgres re-running such a subquery when another write touched a row
     * meanwhile, each run locking `limit` more rows.
     */
    async claimDue(
      channel: Exclude<TDeliveryChannel, 'in_app'>,
      limit: number,
      leaseMs: number,
    ): Promise<ClaimedRow[]> {
      if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`bad claim limit ${limit}`);
      const { rows } = await executePrepared<ClaimedRow>(
        orm,
        sql`
        with due as materialized (
          select show_event_id, fan_id from alert_deliveries
          where channel = ${channel} and state = 'pending' and not digest
            and next_attempt_at <= now()
          order by next_attempt_at
          -- The batch size is written into the text, not a parameter: a generic plan (which
          -- Postgres may keep after five runs) made without it guesses a tenth of the table,
          -- and then hash-joins the fans' profiles and scans the outbox for carriers, ~90 ms
          -- a claim instead of ~6 (bench/outbox-plans.ts). One text per channel's batch size.
          limit ${sql.raw(String(limit))}
          for update skip locked
        ), claimed as (
          update alert_deliveries d
          set next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
          from due
          -- 'channel <> in_app': the outbound rows' partial key (decision 059), whatever plan.
          where d.show_event_id = due.show_event_id and d.fan_id = due.fan_id
            and d.channel = ${channel} and d.channel <> 'in_app'
          returning d.fan_id, d.show_event_id, d.reason, d.attempts
        )
        select c.show_event_id, c.fan_id, u.email, fp.phone, e.kind, c.reason, c.attempts,
          s.id as show_id, ${sql.raw(EVENT_FACTS_COLUMNS)}, fp.home_city, fp.zip_code,
          exists (select 1 from alert_deliveries x where x.carrier_event_id is not null
            and x.fan_id = c.fan_id and x.channel = ${channel}
            and x.carrier_event_id = c.show_event_id) as carrier
        from claimed c
        join "user" u on u.id = c.fan_id
        left join fan_profiles fp on fp.user_id = c.fan_id
        join show_events e on e.id = c.show_event_id
        join shows s on s.id = e.show_id
        ${sql.raw(ALERT_FACTS_JOINS)}`,
      );
      return rows;
    },

    /**
     * The shows the given carriers of a channel carry (carriers named by parallel arrays of
     * their events and fans), their own among them, in the order they happen.
     */
    async carriedItems(
      channel: Exclude<TDeliveryChannel, 'in_app'>,
      carriers: { events: readonly string[]; fans: readonly string[] },
    ): Promise<CarriedItemRow[]> {
      const { rows } = await executePrepared<CarriedItemRow>(
        orm,
        sql`
    select d.show_event_id, d.fan_id, coalesce(d.carrier_event_id, d.show_event_id) as carrier_event_id,
      e.kind, d.reason, s.id as show_id, ${sql.raw(EVENT_FACTS_COLUMNS)}
    from unnest(${sqlArray(carriers.events)}::text[], ${sqlArray(carriers.fans)}::text[])
      as c(event_id, fan_id)
    join alert_deliveries d on d.fan_id = c.fan_id and d.channel = ${channel}
      and d.channel <> 'in_app' and (d.show_event_id = c.event_id or (d.carrier_event_id is not null
        and d.carrier_event_id = c.event_id))
    join show_events e on e.id = d.show_event_id
    join shows s on s.id = e.show_id
    ${sql.raw(ALERT_FACTS_JOINS)}
    order by s.starts_at, d.created_at, d.show_event_id`,
      );
      return rows;
    },

    /**
     * Records a group of outcomes in one statement; only pending rows change, and a carrier's
     * carried rows take its final state, attempts and error in the same statement.
     */
    async recordOutcomes({
      events,
      fans,
      channels,
      statuses,
      errors,
      delays,
    }: OutcomeColumns): Promise<void> {
      await executePrepared(
        orm,
        sql`
        with recorded as (
          update alert_deliveries d set
            ${OUTCOME_CHANGES}
          from unnest(${sqlArray(events)}::text[], ${sqlArray(fans)}::text[],
            ${sqlArray(channels)}::text[], ${sqlArray(statuses)}::text[],
            ${sqlArray(errors)}::text[], ${sqlArray(delays)}::float8[])
            as u(event_id, fan_id, channel, status, error, delay_ms)
          where d.show_event_id = u.event_id and d.fan_id = u.fan_id and d.channel = u.channel
            and d.channel <> 'in_app' and d.state = 'pending'
          returning d.show_event_id, d.fan_id, d.channel, d.state, d.sent_at, d.attempts,
            d.last_error
        )
        update alert_deliveries c set state = r.state, sent_at = r.sent_at,
          attempts = r.attempts, last_error = r.last_error
        from recorded r
        -- 'is not null' lets the planner use the small partial index of carried rows.
        where c.carrier_event_id is not null and c.fan_id = r.fan_id and c.channel = r.channel
          and c.carrier_event_id = r.show_event_id and r.state <> 'pending' and c.state = 'pending'`,
      );
    },
  };
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>;

/** node-postgres sends a JS array as a Postgres array parameter; drizzle would spread it. */
function sqlArray(values: readonly unknown[]) {
  return sql.param(values);
}
