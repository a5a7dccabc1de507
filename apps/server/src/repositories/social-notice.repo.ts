import type { TGoingInviteState, TSocialNoticeKind } from '@encore/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { executePrepared } from '../db/prepared.ts';
import { homeTimeZone } from '../domain/home-time-zone.ts';
import {
  type SocialNoticeFacts,
  socialNoticeBody,
  socialNoticeReason,
  socialNoticeTitle,
} from '../texts/social-notice-text.ts';
import { ALERT_FACTS_COLUMNS, ALERT_FACTS_JOINS, type AlertFactsRow } from './alert-facts.repo.ts';
import { type CentreItem, noticeReads } from './notice-reads.repo.ts';

type SocialRow = Partial<Omit<AlertFactsRow, 'kind'>> & {
  id: string;
  user_id: string;
  kind: TSocialNoticeKind;
  show_id: string | null;
  created_at: Date;
  read_at: Date | null;
  actor_id: string;
  actor_username: string;
  actor_name: string;
  actor_photo: string | null;
  invite_state: TGoingInviteState | null;
  email: string;
  mail_on: boolean;
  /** The recipient's home ZIP: their zone, for a show's time (texts/alert-text.ts' ReaderZone). */
  reader_zip: string | null;
};

/**
 * Show Pals notices with the actor as the recipient sees them (tag name, photo), the invite's
 * answer as it is now (a going_invite), and the show's facts. The show's joins sit in a lateral
 * subquery: pal_request / pal_accepted have no show.
 */
function socialQuery(where: SQL, limit: number): SQL {
  return sql`
    select n.id::text as id, n.user_id, n.kind, n.show_id, n.created_at, n.read_at,
      a.id as actor_id, a.username as actor_username,
      coalesce(afp.tag_name, a.name) as actor_name, a.image as actor_photo,
      gi.state as invite_state, nu.email, rfp.zip_code as reader_zip,
      coalesce(fs.show_pals_email, true) and coalesce(fs.show_pals_notices, true) as mail_on,
      f.artist, f.venue, f.city, f.state, f.starts_at, f.time_zone
    from social_notices n
    join "user" a on a.id = n.actor_id
    left join fan_profiles afp on afp.user_id = a.id
    join "user" nu on nu.id = n.user_id
    left join fan_profiles rfp on rfp.user_id = n.user_id
    left join fan_settings fs on fs.user_id = n.user_id
    left join going_invites gi on n.kind = 'going_invite' and gi.show_id = n.show_id
      and gi.from_fan_id = n.actor_id and gi.to_fan_id = n.user_id
    left join lateral (
      select ${sql.raw(ALERT_FACTS_COLUMNS)}
      from shows s ${sql.raw(ALERT_FACTS_JOINS)}
      where s.id = n.show_id) f on true
    where ${where}
    order by n.id desc
    limit ${limit}`;
}

function factsOf(r: SocialRow): SocialNoticeFacts {
  const show =
    r.show_id !== null && r.starts_at && r.time_zone
      ? {
          artist: r.artist ?? '',
          venue: r.venue ?? '',
          city: r.city ?? '',
          state: r.state ?? '',
          startsAt: new Date(r.starts_at),
          timeZone: r.time_zone,
        }
      : null;
  // Read when the notice is read or mailed, as the centre's alerts are (notification.repo.ts).
  return { kind: r.kind, actor: r.actor_name, show, reader: homeTimeZone(r.reader_zip) };
}

function toNotification(r: SocialRow): CentreItem {
  const facts = factsOf(r);
  return {
    id: r.id,
    fanId: r.user_id,
    kind: r.kind,
    title: socialNoticeTitle(facts),
    body: socialNoticeBody(facts),
    reason: socialNoticeReason(facts),
    showId: r.show_id,
    fan: {
      id: r.actor_id,
      username: r.actor_username,
      name: r.actor_name,
      photoUrl: r.actor_photo,
    },
    invite: r.kind === 'going_invite' ? { state: r.invite_state ?? 'invited' } : null,
    inDigest: [],
    createdAt: new Date(r.created_at).toISOString(),
    readAt: r.read_at ? new Date(r.read_at).toISOString() : null,
  };
}

/** Show Pals notices: the notification centre's items for fans about other fans, and emails. */
export function createSocialNoticeRepo(orm: Orm) {
  return {
    ...noticeReads(orm, socialQuery, toNotification),

    /**
     * The notices among `ids` not mailed yet whose recipient has Show Pals and Show Pals email
     * on (not alert `email`: each kind of mail has its own switch and unsubscribe), with the
     * recipient, the address and what the mail links to.
     */
    async toMail(ids: number[]) {
      if (ids.length === 0) return [];
      const { rows } = await executePrepared<SocialRow>(
        orm,
        socialQuery(
          sql`n.id = any(${sql.param(ids)}::bigint[]) and n.emailed_at is null`,
          ids.length,
        ),
      );
      return rows
        .filter((r) => r.mail_on)
        .map((r) => ({
          id: Number(r.id),
          fanId: r.user_id,
          to: r.email,
          showId: r.show_id,
          facts: factsOf(r),
        }));
    },

    async markEmailed(id: number): Promise<void> {
      await orm.execute(sql`update social_notices set emailed_at = now() where id = ${id}`);
    },
  };
}

export type SocialNoticeRepo = ReturnType<typeof createSocialNoticeRepo>;
