import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';

/**
 * A user's artist messages for "Export My Data" (decision 045): those they sent (performers,
 * with their reach), those they received and how each went (fans), the artists they muted and
 * the messages they reported. Never who else received or reported a message.
 */
export async function artistMessagesOf(orm: Orm, userId: string) {
  const [sent, received, mutes, reports] = await Promise.all([
    orm.execute(sql`
      select id, body, audience, place_label as "placeLabel", radius_mi as "radiusMi", reach,
        created_at as "sentAt"
      from artist_messages where performer_id = ${userId} order by created_at`),
    orm.execute(sql`
      select d.message_id as "messageId", m.performer_id as "performerId", m.body, d.channel,
        d.reason, d.state, d.created_at as "createdAt", d.sent_at as "sentAt", d.read_at as "readAt"
      from artist_message_deliveries d join artist_messages m on m.id = d.message_id
      where d.fan_id = ${userId} order by d.created_at, d.message_id, d.channel`),
    orm.execute(sql`
      select performer_id as "performerId", created_at as "mutedAt"
      from artist_message_mutes where fan_id = ${userId} order by created_at`),
    orm.execute(sql`
      select message_id as "messageId", note, created_at as "reportedAt"
      from artist_message_reports where fan_id = ${userId} order by created_at`),
  ]);
  return {
    sent: sent.rows,
    received: received.rows,
    mutes: mutes.rows,
    reports: reports.rows,
  };
}
