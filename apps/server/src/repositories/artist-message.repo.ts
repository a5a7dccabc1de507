import {
  ARTIST_MESSAGE_WINDOW_DAYS,
  ARTIST_MESSAGES_PER_WINDOW,
  type TArtistMessageAudience,
} from '@encore/contract';
import { sql } from 'drizzle-orm';
import { ARTIST_MESSAGE_LOCK_CLASS } from '../db/advisory-locks.ts';
import type { Orm, SqlClient } from '../db/client.ts';
import { PG_CHANNELS } from '../db/pg-channels.ts';
import { type MessagePlace, messageAudienceSql } from './artist-message-audience.repo.ts';

export type NewArtistMessage = {
  performerId: string;
  body: string;
  audience: TArtistMessageAudience;
  placeLabel: string | null;
  place: MessagePlace;
};

export type SentMessageRow = {
  id: string;
  body: string;
  audience: TArtistMessageAudience;
  place_label: string | null;
  radius_mi: number | null;
  reach: number;
  created_at: Date;
};

/** The rolling window's limit, in SQL: the performer's messages sent within it. */
const WINDOW = sql.raw(`interval '${ARTIST_MESSAGE_WINDOW_DAYS} days'`);

/**
 * When the performer may send again: the oldest of their last ARTIST_MESSAGES_PER_WINDOW
 * messages plus the window, when that many went within it; else null (one may go now).
 */
async function nextAllowedAt(db: SqlClient, performerId: string): Promise<Date | null> {
  const { rows } = await db.execute<{ next: Date | null }>(sql`
    select case when count(*) >= ${ARTIST_MESSAGES_PER_WINDOW} then min(created_at) + ${WINDOW}
      end as next
    from (select created_at from artist_messages
      where performer_id = ${performerId} and created_at > now() - ${WINDOW}
      order by created_at desc limit ${ARTIST_MESSAGES_PER_WINDOW}) recent`);
  const next = rows[0]?.next;
  return next ? new Date(next) : null;
}

export function createArtistMessageRepo(orm: Orm) {
  return {
    /** The performer's artist name (their profile's), or null without a performer profile. */
    async artistName(performerId: string): Promise<string | null> {
      const { rows } = await orm.execute<{ name: string }>(sql`
        select artist_name as name from performer_profiles where user_id = ${performerId}`);
      return rows[0]?.name ?? null;
    },

    nextAllowedAt: (performerId: string) => nextAllowedAt(orm, performerId),

    /** How many fans a message to this audience would reach now. */
    async reach(performerId: string, artistName: string, place: MessagePlace): Promise<number> {
      const { rows } = await orm.execute<{ n: number }>(sql`
        select count(*)::int as n from (${messageAudienceSql(performerId, artistName, place)}) a`);
      return rows[0]?.n ?? 0;
    },

    /**
     * Sends a message in one transaction, under the performer's lock (two sends at once take
     * turns, so neither slips past the limit): refused with the time the next may go when the
     * rolling limit is reached; else the message, its in-app deliveries (written sent: the
     * notification centre is the delivery) and its email deliveries (pending, for the
     * artist-message dispatch loop), each (message, fan, channel) once, and the reach.
     */
    async send(
      message: NewArtistMessage,
      artistName: string,
    ): Promise<{ sent: SentMessageRow } | { limitedUntil: Date }> {
      return orm.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${ARTIST_MESSAGE_LOCK_CLASS}, hashtext(${message.performerId}))`,
        );
        const limitedUntil = await nextAllowedAt(tx, message.performerId);
        if (limitedUntil) return { limitedUntil };
        const p = message.place;
        const { rows } = await tx.execute<SentMessageRow>(sql`
          insert into artist_messages (performer_id, body, audience, place_label, latitude,
            longitude, radius_mi, reach)
          values (${message.performerId}, ${message.body}, ${message.audience},
            ${message.placeLabel}, ${p?.latitude ?? null}, ${p?.longitude ?? null},
            ${p?.radiusMi ?? null}, 0)
          returning id, body, audience, place_label, radius_mi, reach, created_at`);
        const sent = rows[0] as SentMessageRow;
        const audience = messageAudienceSql(message.performerId, artistName, p);
        const { rows: counted } = await tx.execute<{ reach: number }>(sql`
          with audience as (${audience}),
          in_app as (
            insert into artist_message_deliveries (message_id, fan_id, channel, reason, state, sent_at)
            select ${sent.id}, fan_id, 'in_app', reason, 'sent', now() from audience
            on conflict do nothing
            returning 1),
          email as (
            insert into artist_message_deliveries (message_id, fan_id, channel, reason, notification_id)
            select ${sent.id}, fan_id, 'email', reason, null from audience where email
            on conflict do nothing
            returning 1)
          select (select count(*) from in_app)::int as reach, (select count(*) from email)::int as emails`);
        const reach = counted[0]?.reach ?? 0;
        await tx.execute(sql`update artist_messages set reach = ${reach} where id = ${sent.id}`);
        // Wakes the email dispatch loops now rather than at their next poll (at commit).
        await tx.execute(sql`select pg_notify(${PG_CHANNELS.artistMessage}, ${sent.id})`);
        return { sent: { ...sent, reach } };
      });
    },

    /** The performer's sent messages, newest first. */
    async sent(performerId: string, limit = 50): Promise<SentMessageRow[]> {
      const { rows } = await orm.execute<SentMessageRow>(sql`
        select id, body, audience, place_label, radius_mi, reach, created_at from artist_messages
        where performer_id = ${performerId}
        order by created_at desc limit ${limit}`);
      return rows;
    },

    /** The performer whose message the fan received in-app; null when they never got it. */
    async receivedFrom(fanId: string, messageId: string): Promise<string | null> {
      const { rows } = await orm.execute<{ performer_id: string }>(sql`
        select m.performer_id from artist_message_deliveries d
        join artist_messages m on m.id = d.message_id
        where d.message_id = ${messageId} and d.fan_id = ${fanId} and d.channel = 'in_app'`);
      return rows[0]?.performer_id ?? null;
    },

    /** A fan's report of a message; a second report of the same message keeps the first. */
    async report(fanId: string, messageId: string, note: string | null): Promise<void> {
      await orm.execute(sql`
        insert into artist_message_reports (message_id, fan_id, note)
        values (${messageId}, ${fanId}, ${note})
        on conflict (message_id, fan_id) do nothing`);
    },

    /** Whether this user is a performer (a mute names one). */
    async isPerformer(userId: string): Promise<boolean> {
      const { rows } = await orm.execute(sql`
        select 1 from "user" where id = ${userId} and role = 'performer'`);
      return rows.length > 0;
    },

    async mute(fanId: string, performerId: string): Promise<void> {
      await orm.execute(sql`
        insert into artist_message_mutes (fan_id, performer_id) values (${fanId}, ${performerId})
        on conflict do nothing`);
    },

    async unmute(fanId: string, performerId: string): Promise<void> {
      await orm.execute(sql`
        delete from artist_message_mutes
        where fan_id = ${fanId} and performer_id = ${performerId}`);
    },

    /** A fan's muted performers, by artist name. */
    async mutes(fanId: string): Promise<Array<{ performerId: string; artistName: string }>> {
      const { rows } = await orm.execute<{ performer_id: string; artist_name: string }>(sql`
        select m.performer_id, coalesce(pp.artist_name, u.name) as artist_name
        from artist_message_mutes m
        join "user" u on u.id = m.performer_id
        left join performer_profiles pp on pp.user_id = m.performer_id
        where m.fan_id = ${fanId}
        order by lower(coalesce(pp.artist_name, u.name))`);
      return rows.map((r) => ({ performerId: r.performer_id, artistName: r.artist_name }));
    },
  };
}

export type ArtistMessageRepo = ReturnType<typeof createArtistMessageRepo>;
