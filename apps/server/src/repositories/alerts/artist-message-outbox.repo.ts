import { sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';
import { messageShown } from '../artist-message-notice.repo.ts';
import { OUTCOME_CHANGES, type OutcomeColumns } from './outbox.repo.ts';

/** A claimed artist-message email with what its mail needs. */
export type ClaimedMessageRow = {
  message_id: string;
  fan_id: string;
  email: string;
  reason: string;
  attempts: number;
  performer_id: string;
  artist_name: string;
  body: string;
};

/**
 * The artist messages' outbox statements (artist_message_deliveries), as the dispatch loop uses
 * them: the same claim (lease, SKIP LOCKED) and outcome rules as the alert outbox
 * (outbox.repo.ts), over rows keyed (message, fan, channel). A small table: plain statements.
 */
export function createArtistMessageOutboxRepo(orm: Orm) {
  return {
    async claimDue(channel: 'email', limit: number, leaseMs: number): Promise<ClaimedMessageRow[]> {
      const { rows } = await orm.execute<ClaimedMessageRow>(sql`
        with due as materialized (
          select message_id, fan_id from artist_message_deliveries
          where channel = ${channel} and state = 'pending' and next_attempt_at <= now()
          order by next_attempt_at
          limit ${limit}
          for update skip locked
        ), claimed as (
          update artist_message_deliveries d
          set next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
          from due
          where d.message_id = due.message_id and d.fan_id = due.fan_id and d.channel = ${channel}
          returning d.message_id, d.fan_id, d.reason, d.attempts
        )
        select c.message_id, c.fan_id, u.email, c.reason, c.attempts, m.performer_id,
          coalesce(pp.artist_name, pu.name) as artist_name, m.body
        from claimed c
        join "user" u on u.id = c.fan_id
        join artist_messages m on m.id = c.message_id
        join "user" pu on pu.id = m.performer_id
        left join performer_profiles pp on pp.user_id = m.performer_id`);
      return rows;
    },

    /**
     * Records a group of outcomes in one statement (statuses as in outbox.repo.ts: sent, failed,
     * retry, lease); only pending rows change, so a row recorded once stays as recorded.
     */
    async recordOutcomes({ events, fans, channels, statuses, errors, delays }: OutcomeColumns) {
      await orm.execute(sql`
        update artist_message_deliveries d set
          ${OUTCOME_CHANGES}
        from unnest(${sql.param(events)}::text[], ${sql.param(fans)}::text[],
          ${sql.param(channels)}::text[], ${sql.param(statuses)}::text[],
          ${sql.param(errors)}::text[], ${sql.param(delays)}::float8[])
          as u(message_id, fan_id, channel, status, error, delay_ms)
        where d.message_id = u.message_id and d.fan_id = u.fan_id and d.channel = u.channel
          and d.state = 'pending'`);
    },

    /**
     * Which of these deliveries must get no email now: the fan switched artist-message email off
     * (or unsubscribed), or muted the performer, since the message was sent; or fans reported the
     * message until it was hidden (ARTIST_MESSAGE_HIDDEN_AT_REPORTS). Answered as delivery ids.
     */
    async stopped(
      deliveries: readonly {
        deliveryId: string;
        messageId: string;
        fanId: string;
        performerId: string;
      }[],
    ): Promise<Set<string>> {
      if (deliveries.length === 0) return new Set();
      const column = <K extends keyof (typeof deliveries)[number]>(key: K) =>
        sql.param(deliveries.map((d) => d[key]));
      const { rows } = await orm.execute<{ key: string }>(sql`
        select p.delivery_id as key
        from unnest(${column('deliveryId')}::text[], ${column('messageId')}::text[],
          ${column('fanId')}::text[], ${column('performerId')}::text[])
          as p(delivery_id, message_id, fan_id, performer_id)
        where exists (select 1 from fan_settings s where s.user_id = p.fan_id and not s.artist_messages)
          or exists (select 1 from artist_message_mutes m
            where m.fan_id = p.fan_id and m.performer_id = p.performer_id)
          or not ${messageShown(sql`p.message_id`)}`);
      return new Set(rows.map((r) => r.key));
    },
  };
}

export type ArtistMessageOutboxRepo = ReturnType<typeof createArtistMessageOutboxRepo>;
