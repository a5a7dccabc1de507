import { DECLINED_REQUEST_COOLDOWN_DAYS, type TPalFan } from '@encore/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Orm, SqlClient } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import type { TPalLinkState } from '../../db/schema/social.ts';
import {
  attendanceVisibleSql,
  blockedEitherWaySql,
  notBlockedSql,
  palsSql,
  profileVisibleSql,
} from './fan-visibility.repo.ts';
import { deleteBetween } from './social-notice-writes.repo.ts';

/** What the service needs to decide on a request: the target, the link, blocks, settings. */
export type PalTarget = {
  role: string;
  visibility: 'public' | 'friends' | 'private';
  allowFriendRequests: boolean;
  blocked: boolean;
  state: TPalLinkState | null;
  requestedBy: string | null;
  /** When a declined request may be sent again (ISO); null unless declined. */
  askAgainAt: string | null;
  /** Whether the fan asking has a fan profile (finished the fan setup). */
  askerSetUp: boolean;
};

/** `changed`: the request was new, asked again, or accepted (not an idempotent repeat). */
export type UpsertOutcome = { state: TPalLinkState; requestedBy: string; changed: boolean };

const pair = (me: string, fan: string) =>
  sql`fan_a = least(${me}::text, ${fan}::text) and fan_b = greatest(${me}::text, ${fan}::text)`;

/** The other fan of a link row, as seen from `me`. */
const otherOf = (me: string) => sql`case when l.fan_a = ${me} then l.fan_b else l.fan_a end`;

/**
 * A fan as lists show them: tag name and photo always; home city only where their profile is
 * visible to me (a Private pal's city stays theirs).
 */
export const fanColumns = (
  me: string,
) => sql`u.id, u.username, coalesce(fp.tag_name, u.name) as name,
  u.image as "photoUrl",
  case when ${profileVisibleSql(me, sql`u.id`)} then fp.home_city end as city`;

/**
 * Show Pal links (pal_links: one row per pair, smaller id first), blocks (fan_blocks) and the
 * per-day request counter. Every statement that changes a link is one statement on the pair's
 * row, so concurrent requests, accepts and declines serialise on it.
 */
export function createPalLinksRepo(orm: Orm) {
  return {
    async target(me: string, fan: string): Promise<PalTarget | null> {
      const { rows } = await orm.execute<PalTarget>(sql`
        select u.role, coalesce(s.visibility, 'public') as visibility,
          coalesce(s.allow_friend_requests, true) as "allowFriendRequests",
          ${blockedEitherWaySql(me, sql`u.id`)} as blocked,
          l.state, l.requested_by as "requestedBy",
          case when l.state = 'declined' then to_char((l.updated_at
            + make_interval(days => ${DECLINED_REQUEST_COOLDOWN_DAYS})) at time zone 'UTC',
            'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end as "askAgainAt",
          exists (select 1 from fan_profiles p where p.user_id = ${me}) as "askerSetUp"
        from "user" u
        left join fan_settings s on s.user_id = u.id
        left join pal_links l on l.fan_a = least(${me}::text, u.id)
          and l.fan_b = greatest(${me}::text, u.id)
        where u.id = ${fan}`);
      return rows[0] ?? null;
    },

    /**
     * Asks, in one statement whatever the race: a new pair is a request; the other fan's open
     * request to me becomes pals; my own open request stays as it is; a declined pair is asked
     * again (the service has checked the cool-down). Pals stay pals.
     */
    async request(tx: SqlClient, me: string, fan: string): Promise<UpsertOutcome> {
      const { rows } = await tx.execute<UpsertOutcome>(sql`
        insert into pal_links as l (fan_a, fan_b, requested_by, state)
        values (least(${me}::text, ${fan}::text), greatest(${me}::text, ${fan}::text), ${me}, 'requested')
        on conflict (fan_a, fan_b) do update set
          state = case
            when l.state = 'requested' and l.requested_by <> excluded.requested_by then 'pals'
            when l.state = 'declined' then 'requested'
            else l.state end,
          requested_by = case when l.state = 'declined' then excluded.requested_by
            else l.requested_by end,
          updated_at = case
            when l.state = 'pals' or (l.state = 'requested' and l.requested_by = excluded.requested_by)
            then l.updated_at else now() end
        returning l.state, l.requested_by as "requestedBy", l.updated_at = now() as changed`);
      const row = rows[0];
      if (!row) throw new Error('pal request wrote no row');
      return row;
    },

    /** Counts one request sent today (UTC); answers today's count, this one included. */
    async countRequest(tx: SqlClient, me: string): Promise<number> {
      const { rows } = await tx.execute<{ sent: number }>(sql`
        insert into pal_request_days as d (fan_id, day, sent)
        values (${me}, (now() at time zone 'UTC')::date, 1)
        on conflict (fan_id, day) do update set sent = d.sent + 1
        returning d.sent`);
      return rows[0]?.sent ?? 0;
    },

    /** `fan`'s open request to me becomes pals or declined; false when there is none. */
    async answer(
      me: string,
      fan: string,
      to: 'pals' | 'declined',
      db: SqlClient = orm,
    ): Promise<boolean> {
      const { rowCount } = await db.execute(sql`
        update pal_links set state = ${to}, updated_at = now()
        where ${pair(me, fan)} and state = 'requested' and requested_by = ${fan}`);
      return (rowCount ?? 0) > 0;
    },

    /** My open request to `fan` withdrawn; false when there is none. */
    async cancel(me: string, fan: string, db: SqlClient = orm): Promise<boolean> {
      const { rowCount } = await db.execute(sql`
        delete from pal_links where ${pair(me, fan)} and state = 'requested'
          and requested_by = ${me}`);
      return (rowCount ?? 0) > 0;
    },

    /** No longer pals; false when we were not. */
    async remove(me: string, fan: string): Promise<boolean> {
      const { rowCount } = await orm.execute(sql`
        delete from pal_links where ${pair(me, fan)} and state = 'pals'`);
      return (rowCount ?? 0) > 0;
    },

    /**
     * Blocks `fan` and ends whatever link we had, in one transaction, with the Show Pals notices
     * between us and our open going-together invites.
     */
    async block(me: string, fan: string): Promise<void> {
      await orm.transaction(async (tx) => {
        await tx.execute(sql`
          insert into fan_blocks (blocker_id, blocked_id) values (${me}, ${fan})
          on conflict do nothing`);
        await tx.execute(sql`delete from pal_links where ${pair(me, fan)}`);
        await deleteBetween(tx, me, fan);
      });
    },

    async unblock(me: string, fan: string): Promise<void> {
      await orm.execute(sql`
        delete from fan_blocks where blocker_id = ${me} and blocked_id = ${fan}`);
    },

    async blocked(me: string): Promise<TPalFan[]> {
      const { rows } = await orm.execute<TPalFan>(sql`
        select ${fanColumns(me)}
        from fan_blocks b join "user" u on u.id = b.blocked_id
        left join fan_profiles fp on fp.user_id = u.id
        where b.blocker_id = ${me}
        order by b.created_at desc`);
      return rows;
    },

    /**
     * My pals, newest shared show first (then newest pals): shows in common are shows we both
     * marked going or attended. Counted in one pass over my pals' marks (each pal's read from the
     * primary key's range, kept where the show is one of mine), not by probing every (my show,
     * pal) pair: ~50 short range reads instead of ~10,000 probes (bench:social). A block ends a
     * link, so no blocked fan is among them; the check stays for links written before a block in
     * a race.
     */
    async pals(me: string) {
      const { rows } = await executePrepared<
        TPalFan & { sharedShows: number; lastSharedShowAt: string | null; palsSince: string }
      >(
        orm,
        sql`
        with shared as (
          select theirs.fan_id, count(*) as shows, max(s.starts_at) as last_at
          from show_attendance theirs
          join shows s on s.id = theirs.show_id
          where ${palsSql(me, sql`theirs.fan_id`)}
            and theirs.show_id in (select mine.show_id from show_attendance mine
              where mine.fan_id = ${me})
          group by theirs.fan_id)
        select ${fanColumns(me)}, coalesce(shared.shows, 0)::int as "sharedShows",
          ${isoSql(sql`shared.last_at`)} as "lastSharedShowAt", ${isoSql(sql`l.updated_at`)} as "palsSince"
        from pal_links l
        join "user" u on u.id = ${otherOf(me)}
        left join fan_profiles fp on fp.user_id = u.id
        -- Shows in common tell where a pal goes: only for a pal whose attendance I may see
        -- (a pal who is Private or hides attendance shares nothing here, as everywhere).
        cross join lateral (select ${attendanceVisibleSql(me, sql`u.id`)} as seen) v
        left join shared on shared.fan_id = u.id and v.seen
        where (l.fan_a = ${me} or l.fan_b = ${me}) and l.state = 'pals'
          and ${notBlockedSql(me, sql`u.id`)}
        order by shared.last_at desc nulls last, l.updated_at desc, u.id`,
      );
      return rows;
    },

    /** Open requests to me (`incoming`) or from me (`outgoing`), newest first. */
    async requests(me: string, direction: 'incoming' | 'outgoing') {
      const from: SQL = direction === 'incoming' ? sql`<>` : sql`=`;
      const { rows } = await executePrepared<TPalFan & { sentAt: string }>(
        orm,
        sql`
        select ${fanColumns(me)}, ${isoSql(sql`l.updated_at`)} as "sentAt"
        from pal_links l
        join "user" u on u.id = ${otherOf(me)}
        left join fan_profiles fp on fp.user_id = u.id
        where (l.fan_a = ${me} or l.fan_b = ${me}) and l.state = 'requested'
          and l.requested_by ${from} ${me}
          and ${notBlockedSql(me, sql`u.id`)}
        order by l.updated_at desc, u.id`,
      );
      return rows;
    },
  };
}

export type PalLinksRepo = ReturnType<typeof createPalLinksRepo>;

export function isoSql(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
