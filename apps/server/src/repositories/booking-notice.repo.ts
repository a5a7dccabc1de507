import type { TBookingNoticeKind } from '@encore/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Orm, SqlClient } from '../db/client.ts';
import { PG_CHANNELS } from '../db/pg-channels.ts';
import { encodeNotice } from '../db/show-notice-payload.ts';
import {
  type BookingNoticeFacts,
  bookingNoticeBody,
  bookingNoticeReason,
  bookingNoticeTitle,
} from '../texts/booking-notice-text.ts';
import { type CentreItem, noticeReads } from './notice-reads.repo.ts';

/** A notice to write: the request's venue or performer, and what happened to the request. */
export type BookingNotice = { userId: string; kind: TBookingNoticeKind };

type BookingNoticeRow = {
  id: string;
  user_id: string;
  kind: TBookingNoticeKind;
  created_at: Date;
  read_at: Date | null;
  performer: string;
  venue: string;
  city: string;
  state: string;
  date: string;
  decline_note: string | null;
  show_id: string | null;
};

/**
 * Writes the notice about request `requestId` inside the caller's transaction (the request's own
 * change: never a notice for a change that rolled back) and NOTIFYs it on PG_CHANNELS.notice,
 * which Postgres delivers at commit, for the recipient's open streams. Performers and venues
 * have no notification settings: like show notices, it is always written.
 */
export async function writeBookingNotice(
  tx: SqlClient,
  requestId: string,
  notice: BookingNotice,
): Promise<number> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    insert into booking_notices (user_id, request_id, kind)
    values (${notice.userId}, ${requestId}, ${notice.kind})
    returning id::text`);
  const id = Number(rows[0]?.id);
  await tx.execute(
    sql`select pg_notify(${PG_CHANNELS.notice}, ${encodeNotice(id, notice.userId)})`,
  );
  return id;
}

/** Notices with the request's public names, night, note and show as they are now. */
function bookingNoticesQuery(where: SQL, limit: number): SQL {
  return sql`
    select n.id::text as id, n.user_id, n.kind, n.created_at, n.read_at,
      coalesce(pp.artist_name, pu.name) as performer, coalesce(vp.venue_name, vu.name) as venue,
      coalesce(vp.city, '') as city, coalesce(vp.state, '') as state, b.date::text as date,
      b.decline_note, b.show_id
    from booking_notices n
    join booking_requests b on b.id = n.request_id
    join "user" pu on pu.id = b.performer_id
    join "user" vu on vu.id = b.venue_id
    left join performer_profiles pp on pp.user_id = b.performer_id
    left join venue_profiles vp on vp.user_id = b.venue_id
    where ${where}
    order by n.id desc
    limit ${limit}`;
}

function toNotification(r: BookingNoticeRow): CentreItem {
  const facts: BookingNoticeFacts = {
    kind: r.kind,
    performer: r.performer,
    venue: r.venue,
    city: r.city,
    state: r.state,
    date: r.date,
    declineNote: r.decline_note,
  };
  return {
    id: r.id,
    fanId: r.user_id,
    kind: r.kind,
    title: bookingNoticeTitle(facts),
    body: bookingNoticeBody(facts),
    reason: bookingNoticeReason(facts),
    // Only a confirmation leads to its show; the others to My Shows, where requests are answered.
    showId: r.kind === 'booking_confirmed' ? r.show_id : null,
    fan: null,
    invite: null,
    inDigest: [],
    createdAt: new Date(r.created_at).toISOString(),
    readAt: r.read_at ? new Date(r.read_at).toISOString() : null,
  };
}

/** Booking notices: the notification centre's items about booking requests (performers, venues). */
export function createBookingNoticeRepo(orm: Orm) {
  return noticeReads(orm, bookingNoticesQuery, toNotification);
}
