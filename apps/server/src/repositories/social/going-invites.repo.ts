import type { TGoingInviteState, TPalFan, TPalForShow } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Orm, SqlClient } from '../../db/client.ts';
import { CONFIRMED_SHOW, selectShows } from '../show-select.repo.ts';
import { attendanceVisibleSql, notBlockedSql, palsSql } from './fan-visibility.repo.ts';
import { fanColumns, isoSql } from './pal-links.repo.ts';

/** My pals as the Invite pals dialog lists them: pals only, never across a block. */
const myPalsSql = (me: string) => sql`
  select case when l.fan_a = ${me} then l.fan_b else l.fan_a end as id, l.updated_at
  from pal_links l
  where (l.fan_a = ${me} or l.fan_b = ${me}) and l.state = 'pals'`;

/**
 * Going-together invites (going_invites): one per (show, inviter, invited pal). The service
 * checks the show and the inviter; every write here runs in the caller's transaction.
 */
export function createGoingInvitesRepo(orm: Orm) {
  return {
    /**
     * My pals and how each stands with the show: going when they are marked going and I may see
     * it (or answered my invite Going); otherwise my invite's state, or none.
     */
    async palsForShow(me: string, showId: string): Promise<TPalForShow[]> {
      const { rows } = await orm.execute<TPalForShow>(sql`
        select ${fanColumns(me)},
          case
            when exists (select 1 from show_attendance a where a.show_id = ${showId}
                and a.fan_id = u.id and a.status = 'going')
              and ${attendanceVisibleSql(me, sql`u.id`)} then 'going'
            else coalesce(gi.state, 'none') end as status
        from (${myPalsSql(me)}) p
        join "user" u on u.id = p.id
        left join fan_profiles fp on fp.user_id = u.id
        left join going_invites gi on gi.show_id = ${showId} and gi.from_fan_id = ${me}
          and gi.to_fan_id = u.id
        where ${notBlockedSql(me, sql`u.id`)}
        order by coalesce(fp.tag_name, u.name), u.id`);
      return rows;
    },

    /** The show's facts the invite rules need, locked against a concurrent cancel. */
    async showFacts(tx: SqlClient, me: string, showId: string) {
      const { rows } = await tx.execute<{
        started: boolean;
        cancelled: boolean;
        going: boolean;
      }>(sql`
        select s.starts_at <= now() as started, s.status = 'cancelled' as cancelled,
          exists (select 1 from show_attendance a where a.show_id = s.id and a.fan_id = ${me}
            and a.status = 'going') as going
        from shows s where s.id = ${showId} and ${CONFIRMED_SHOW}
        for share`);
      return rows[0] ?? null;
    },

    /** Of `fanIds`, my pals with no block either way. */
    async palsAmong(tx: SqlClient, me: string, fanIds: string[]): Promise<Set<string>> {
      const { rows } = await tx.execute<{ id: string }>(sql`
        select f.id from unnest(${sql.param(fanIds)}::text[]) as f(id)
        where ${palsSql(me, sql`f.id`)} and ${notBlockedSql(me, sql`f.id`)}`);
      return new Set(rows.map((r) => r.id));
    },

    /**
     * Invites the pals not already going, once: an invite that exists changes nothing. Answers
     * the pals newly invited. A pal is skipped as going only when I may see them going (the rule
     * the dialog lists them by): one who hides it is invited like any other, so the answer never
     * tells me what they chose to hide (second security probe).
     */
    async invite(tx: SqlClient, me: string, showId: string, fanIds: string[]): Promise<string[]> {
      const { rows } = await tx.execute<{ to_fan_id: string }>(sql`
        insert into going_invites (show_id, from_fan_id, to_fan_id)
        select ${showId}, ${me}, f.id from unnest(${sql.param(fanIds)}::text[]) as f(id)
        where not (exists (select 1 from show_attendance a where a.show_id = ${showId}
            and a.fan_id = f.id and a.status = 'going')
          and ${attendanceVisibleSql(me, sql`f.id`)})
        on conflict do nothing
        returning to_fan_id`);
      return rows.map((r) => r.to_fan_id);
    },

    /** Answers every open invite to me for the show; how many there were. */
    async answer(
      tx: SqlClient,
      me: string,
      showId: string,
      state: Exclude<TGoingInviteState, 'invited'>,
    ): Promise<number> {
      const { rowCount } = await tx.execute(sql`
        update going_invites set state = ${state}, answered_at = now()
        where show_id = ${showId} and to_fan_id = ${me} and state = 'invited'
          and ${notBlockedSql(me, sql`from_fan_id`)}`);
      return rowCount ?? 0;
    },

    /**
     * Open invites to me for upcoming shows that are not cancelled: the inviting pals per show,
     * newest first, never a fan blocked either way.
     */
    async open(me: string) {
      const { rows } = await orm.execute<TPalFan & { show_id: string; sent_at: string }>(sql`
        select gi.show_id, ${isoSql(sql`gi.created_at`)} as sent_at, ${fanColumns(me)}
        from going_invites gi
        join shows s on s.id = gi.show_id
        join "user" u on u.id = gi.from_fan_id
        left join fan_profiles fp on fp.user_id = u.id
        where gi.to_fan_id = ${me} and gi.state = 'invited'
          and s.starts_at > now() and s.status <> 'cancelled' and ${CONFIRMED_SHOW}
          and ${notBlockedSql(me, sql`u.id`)}
        order by gi.created_at desc, u.id`);
      if (rows.length === 0) return [];
      const ids = [...new Set(rows.map((r) => r.show_id))];
      const shows = await selectShows(
        orm,
        sql`s.id = any(${sql.param(ids)}::text[])`,
        sql`s.starts_at, s.id`,
        ids.length,
      );
      return shows.map((show) => {
        const mine = rows.filter((r) => r.show_id === show.id);
        return {
          show,
          from: mine.map(({ show_id, sent_at, ...fan }) => fan),
          sentAt: mine[0]?.sent_at ?? '',
        };
      });
    },
  };
}

export type GoingInvitesRepo = ReturnType<typeof createGoingInvitesRepo>;
