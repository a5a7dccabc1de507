import { ARTIST_MESSAGE_HIDDEN_AT_REPORTS, ARTIST_MESSAGE_KIND } from '@encore/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { executePrepared } from '../db/prepared.ts';
import { artistMessageTitle } from '../texts/artist-message-text.ts';
import { type CentreItem, noticeReads } from './notice-reads.repo.ts';

type MessageRow = {
  id: string;
  user_id: string;
  reason: string;
  created_at: Date;
  read_at: Date | null;
  body: string;
  performer_id: string;
  artist_name: string;
  muted: boolean;
};

/**
 * Whether fans still see a message: fewer than ARTIST_MESSAGE_HIDDEN_AT_REPORTS reports. Reads at
 * most that many of its reports (their unique index on message and fan), however many there are.
 */
export function messageShown(messageId: SQL): SQL {
  return sql`(select count(*) from (select 1 from artist_message_reports r
    where r.message_id = ${messageId} limit ${ARTIST_MESSAGE_HIDDEN_AT_REPORTS}) reported)
    < ${ARTIST_MESSAGE_HIDDEN_AT_REPORTS}`;
}

/**
 * A fan's artist messages in the notification centre: their in-app deliveries
 * (artist_message_deliveries), ids from the centre's one sequence, with the message as it was
 * sent, the artist's name as it is now, and whether the fan has muted the artist since; none
 * that enough fans reported (messageShown).
 */
function messagesQuery(where: SQL, limit: number): SQL {
  return sql`
    select n.id::text as id, n.user_id, n.reason, n.created_at, n.read_at, m.body, m.performer_id,
      coalesce(pp.artist_name, pu.name) as artist_name,
      exists (select 1 from artist_message_mutes x
        where x.fan_id = n.user_id and x.performer_id = m.performer_id) as muted
    from (select notification_id as id, fan_id as user_id, message_id, reason, created_at, read_at
      from artist_message_deliveries where channel = 'in_app') n
    join artist_messages m on m.id = n.message_id
    join "user" pu on pu.id = m.performer_id
    left join performer_profiles pp on pp.user_id = m.performer_id
    where ${where} and ${messageShown(sql`m.id`)}
    order by n.id desc
    limit ${limit}`;
}

function toItem(r: MessageRow): CentreItem {
  return {
    id: r.id,
    fanId: r.user_id,
    kind: ARTIST_MESSAGE_KIND,
    title: artistMessageTitle(r.artist_name),
    body: r.body,
    reason: r.reason,
    showId: null,
    fan: null,
    invite: null,
    artist: { performerId: r.performer_id, name: r.artist_name, muted: r.muted },
    inDigest: [],
    createdAt: new Date(r.created_at).toISOString(),
    readAt: r.read_at ? new Date(r.read_at).toISOString() : null,
  };
}

/**
 * Artist messages: the notification centre's reads of them (page, catch-up, one), and one
 * message's items for the fans streaming in this process (the live push, notification-hub.ts).
 */
export function createArtistMessageNoticeRepo(orm: Orm) {
  return {
    ...noticeReads(orm, messagesQuery, toItem),
    async ofMessage(messageId: string, userIds: string[]): Promise<CentreItem[]> {
      if (userIds.length === 0) return [];
      const { rows } = await executePrepared<MessageRow>(
        orm,
        messagesQuery(
          sql`n.message_id = ${messageId} and n.user_id = any(${sql.param(userIds)}::text[])`,
          userIds.length,
        ),
      );
      return rows.map(toItem);
    },
  };
}
