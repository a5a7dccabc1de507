import type { TShowNoticeKind } from '@encore/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { executePrepared } from '../db/prepared.ts';
import {
  MAILED_NOTICES,
  type NoticeFacts,
  type NoticeRole,
  noticeBody,
  noticeReason,
  noticeTitle,
} from '../texts/notice-text.ts';
import { ALERT_FACTS_COLUMNS, ALERT_FACTS_JOINS, type AlertFactsRow } from './alert-facts.repo.ts';
import { type CentreItem, noticeReads } from './notice-reads.repo.ts';

type NoticeRow = Omit<AlertFactsRow, 'kind'> & {
  id: string;
  role: NoticeRole;
  user_id: string;
  kind: TShowNoticeKind;
  show_id: string;
  created_at: Date;
  read_at: Date | null;
  other: string;
  email: string;
};

/** Notices with their show's facts and the other party's name (the one not receiving it). */
function noticesQuery(where: SQL, limit: number): SQL {
  return sql`
    select n.id::text as id, n.user_id, n.kind, s.id as show_id, n.created_at, n.read_at,
      case
        -- The act whose word the announcer gets; to the act asked, whoever announced.
        when n.kind in ('act_confirmed', 'act_declined') then coalesce(
          (select a.name from show_acts a
            where a.show_id = s.id and a.performer_id = n.act_performer_id),
          (select coalesce(ap.artist_name, au.name) from "user" au
            left join performer_profiles ap on ap.user_id = au.id
            where au.id = n.act_performer_id), '')
        when n.kind = 'act_confirmation_requested' and s.created_by = s.venue_id
          then coalesce(vp.venue_name, '')
        when n.user_id = s.performer_id
        then coalesce(vp.venue_name, s.external_name, '')
        else coalesce(pp.artist_name, pu.name) end as other,
      case when n.user_id = s.performer_id then 'performer'
        when n.user_id = s.venue_id then 'venue' else 'act' end as role,
      nu.email, ${sql.raw(ALERT_FACTS_COLUMNS)}
    from show_notices n
    join shows s on s.id = n.show_id
    join "user" nu on nu.id = n.user_id
    ${sql.raw(ALERT_FACTS_JOINS)}
    where ${where}
    order by n.id desc
    limit ${limit}`;
}

function factsOf(r: NoticeRow): NoticeFacts {
  return {
    kind: r.kind,
    other: r.other,
    role: r.role,
    artist: r.artist,
    venue: r.venue,
    city: r.city,
    state: r.state,
    startsAt: new Date(r.starts_at),
    timeZone: r.time_zone,
  };
}

function toNotification(r: NoticeRow): CentreItem {
  const facts = factsOf(r);
  return {
    id: r.id,
    fanId: r.user_id,
    kind: r.kind,
    title: noticeTitle(facts),
    body: noticeBody(facts),
    reason: noticeReason(facts),
    showId: r.show_id,
    fan: null,
    invite: null,
    inDigest: [],
    createdAt: new Date(r.created_at).toISOString(),
    readAt: r.read_at ? new Date(r.read_at).toISOString() : null,
  };
}

/** Show notices: the notification centre's items for performers and venues, and their emails. */
export function createShowNoticeRepo(orm: Orm) {
  return {
    ...noticeReads(orm, noticesQuery, toNotification),

    /** The notices among `ids` that go by email and have not gone yet, with the address. */
    async toMail(ids: number[]) {
      if (ids.length === 0) return [];
      const { rows } = await executePrepared<NoticeRow>(
        orm,
        noticesQuery(
          sql`n.id = any(${sql.param(ids)}::bigint[]) and n.emailed_at is null
            and n.kind = any(${sql.param([...MAILED_NOTICES])}::text[])`,
          ids.length,
        ),
      );
      return rows.map((r) => ({ id: Number(r.id), to: r.email, facts: factsOf(r) }));
    },

    async markEmailed(id: number): Promise<void> {
      await orm.execute(sql`update show_notices set emailed_at = now() where id = ${id}`);
    },
  };
}

export type ShowNoticeRepo = ReturnType<typeof createShowNoticeRepo>;
