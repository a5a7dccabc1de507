import { ALERT_CHANNELS, type TNotification } from '@encore/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { PG_CHANNELS } from '../db/pg-channels.ts';
import { executePrepared } from '../db/prepared.ts';
import { homeTimeZone } from '../domain/home-time-zone.ts';
import { alertBody, alertTitle } from '../texts/alert-text.ts';
import {
  ALERT_FACTS_JOINS,
  type AlertFactsRow,
  alertFactsOf,
  EVENT_FACTS_COLUMNS,
} from './alert-facts.repo.ts';
import { heldForDigest } from './alerts/digest.repo.ts';
import { ALL_FANS, type FanRange, inRange } from './alerts/fan-range.repo.ts';
import {
  EARLY_READ_OF,
  REACHES_JSON,
  type Reach,
  reachedRowsSql,
  reachesOf,
  reachRepo,
} from './alerts/reach.repo.ts';
import { createArtistMessageNoticeRepo, messageShown } from './artist-message-notice.repo.ts';
import { createBookingNoticeRepo } from './booking-notice.repo.ts';
import { type CentrePart, centrePart } from './notice-reads.repo.ts';
import { createShowNoticeRepo } from './show-notice.repo.ts';
import { createSocialNoticeRepo } from './social-notice.repo.ts';

type NotificationRow = AlertFactsRow & {
  id: string;
  fan_id: string;
  reason: string;
  show_id: string;
  created_at: Date;
  read_at: Date | null;
  /** The fan's home ZIP, for their zone (null without a profile). */
  fan_zip_code: string | null;
  /** The channels of this alert waiting for the fan's next daily digest (any order). */
  in_digest: string[];
};

/**
 * The notification centre: a fan's in-app deliveries (alert_deliveries, channel 'in_app') and a
 * performer's or venue's show notices (show_notices) and booking notices (booking_notices), and a
 * fan's Show Pals notices (social_notices), newest first. An alert's texts are composed from the
 * facts its show event kept when it was written (alert-facts.repo.ts: it reads as it was sent, like
 * its email); the notices' from the show and names as they are now. All take their ids from one
 * sequence, so one id orders them all. An alert whose email, text or push waits for the fan's
 * daily digest says on which channels (`inDigest`, decision 038: only `npm run alerts:status` told
 * of them): its held rows, read by the outbox key (event, fan, channel) beside the in-app row.
 * While a big audience's reach lasts (decision 064, alerts/reach.repo.ts) each read also asks the
 * match's rules about its fans, in a second statement only then, and shows the alerts whose rows
 * are not written yet as the rows will be.
 */
export function createNotificationRepo(orm: Orm) {
  const notices = createShowNoticeRepo(orm);
  const social = createSocialNoticeRepo(orm);
  const booking = createBookingNoticeRepo(orm);
  const messages = createArtistMessageNoticeRepo(orm);

  /** `source`: alert_deliveries, or a reach's alerts not written yet (reachedRowsSql). */
  const alertsQuery = (where: SQL, limit: number, source: SQL = sql`alert_deliveries`) => sql`
      select d.notification_id::text as id, d.fan_id, e.kind, d.reason, s.id as show_id, d.created_at,
        coalesce(d.read_at, ${EARLY_READ_OF('d')}) as read_at, ${sql.raw(EVENT_FACTS_COLUMNS)},
        fp.zip_code as fan_zip_code,
        array(select x.channel from alert_deliveries x
          where x.show_event_id = d.show_event_id and x.fan_id = d.fan_id
            and x.channel <> 'in_app' and ${sql.raw(heldForDigest('x'))}) as in_digest
      from ${source} d
      join show_events e on e.id = d.show_event_id
      join shows s on s.id = e.show_id
      ${sql.raw(ALERT_FACTS_JOINS)}
      left join fan_profiles fp on fp.user_id = d.fan_id
      where d.channel = 'in_app' and ${where}
      order by d.notification_id desc
      limit ${limit}`;

  /** Each of `userIds`' unread alerts of the reaches in progress not written yet. */
  async function reachedUnread(reaches: Reach[], userIds: string[]) {
    const counts = new Map<string, number>();
    if (reaches.length === 0 || userIds.length === 0) return counts;
    const each = reaches.map(
      (reach) => sql`select d.fan_id from ${reachedRowsSql(reach, userIds)} d
        where d.read_at is null`,
    );
    const { rows } = await orm.execute<{ fan_id: string }>(sql.join(each, sql` union all `));
    for (const { fan_id } of rows) counts.set(fan_id, (counts.get(fan_id) ?? 0) + 1);
    return counts;
  }

  /**
   * Several sources' reads as ONE statement: each source's rows as a JSON array (json_agg over
   * its own select), the user's unread count when one is named, and the reaches in progress. A
   * page of the centre was six statements, each its own pool checkout and round trip, the
   * costliest signed-in miss (issue 29). The rows' dates arrive as ISO text, as the prepared
   * reads give them as Postgres' text. `prepared` false: a text that varies with its values (a
   * reach's statement follows its event's facts) runs unnamed.
   */
  async function together(parts: CentrePart[], unreadOf: string | null, prepared = true) {
    const arrays = parts.map(
      (part) => sql`(select coalesce(json_agg(x), '[]'::json) from (${part.query}) x)`,
    );
    const unread =
      unreadOf === null
        ? sql`0`
        : sql`coalesce((select unread from (${unreadQuery([unreadOf])}) u), 0)`;
    const query = sql`select json_build_array(${sql.join(arrays, sql`, `)}) as parts,
      ${unread} as unread, ${REACHES_JSON} as reaches`;
    type Row = { parts: unknown[][]; unread: number; reaches: unknown };
    const { rows } = prepared
      ? await executePrepared<Row>(orm, query)
      : await orm.execute<Row>(query);
    const [row] = rows;
    if (!row) throw new Error('a select without FROM always gives one row');
    const items = parts.flatMap((part, i) => part.items(row.parts[i] ?? []));
    return { items, unread: row.unread, reaches: reachesOf(row.reaches) };
  }

  /**
   * The alerts of the reaches in progress whose rows are not written yet, for `fans` (decision
   * 064), where `where` (over the alias d) says: one statement for every reach, run only while
   * one lasts.
   */
  async function reachedItems(reaches: Reach[], fans: string[], where: SQL, limit: number) {
    if (reaches.length === 0 || fans.length === 0) return [];
    const parts = reaches.map((reach) =>
      centrePart(alertsQuery(where, limit, reachedRowsSql(reach, fans)), toNotification),
    );
    return (await together(parts, null, false)).items;
  }

  return {
    /**
     * One page, newest first: alerts and notices older than `before` (an id), `limit` of them,
     * and the user's unread count, in one statement.
     */
    async page(userId: string, before: number | null, limit: number) {
      const older = before === null ? sql`true` : sql`d.notification_id < ${before}`;
      const mine = sql`d.fan_id = ${userId} and ${older}`;
      const { items, unread, reaches } = await together(
        [
          centrePart(alertsQuery(mine, limit), toNotification),
          notices.pagePart(userId, before, limit),
          social.pagePart(userId, before, limit),
          booking.pagePart(userId, before, limit),
          messages.pagePart(userId, before, limit),
        ],
        userId,
      );
      const reached = await reachedItems(reaches, [userId], mine, limit);
      const all = [...items, ...reached];
      const newestFirst = all.sort((a, b) => Number(b.id) - Number(a.id)).slice(0, limit);
      return { items: newestFirst, unread: unread + reached.filter((i) => !i.readAt).length };
    },

    /**
     * One show, Show Pals or booking notice or artist message (one id sequence: it is one of
     * them), for streams.
     */
    notice: async (id: number) =>
      (await notices.one(id)) ??
      (await social.one(id)) ??
      (await booking.one(id)) ??
      (await messages.one(id)),

    /**
     * The in-app alerts one show event gave to some fans (the ones streaming here), among the
     * fans of `range` (the slice of a big audience just committed): a probe of the centre's key
     * (fan, the event's id) per fan.
     */
    async ofEvent(eventId: string, fanIds: string[], range: FanRange = ALL_FANS) {
      if (fanIds.length === 0) return [];
      const theirs = sql`d.fan_id = any(${sql.param(fanIds)}::text[]) and d.notification_id = (
            select notification_id from show_events where id = ${eventId})
          and ${inRange('d.fan_id', range)}`;
      const { items, reaches } = await together(
        [centrePart(alertsQuery(theirs, fanIds.length), toNotification)],
        null,
      );
      // While the event's reach lasts, its fans whose rows are not written yet have it too.
      const reach = reaches.filter((r) => r.eventId === eventId);
      return [...items, ...(await reachedItems(reach, fanIds, theirs, fanIds.length))];
    },

    /** One artist message's in-app items for some users (the ones streaming here). */
    ofArtistMessage: (messageId: string, userIds: string[]) =>
      messages.ofMessage(messageId, userIds),

    /**
     * The newest id alerts and notices have taken (they share one sequence; 0 before the first):
     * what a stream opened now has already been shown by the page it opened on.
     */
    async latestId(): Promise<number> {
      const { rows } = await orm.execute<{ id: string }>(sql`
        select (case when is_called then last_value else 0 end)::text as id
        from alert_deliveries_id_seq`);
      return Number(rows[0]?.id ?? 0);
    },

    /**
     * Alerts and notices of `userIds` with ids above `afterId`, oldest first (at most `limit` of
     * each source): what a stream missed while the hub's LISTEN connection was down.
     */
    async after(userIds: string[], afterId: number, limit = 100) {
      if (userIds.length === 0) return [];
      const newer = sql`d.fan_id = any(${sql.param(userIds)}::text[])
        and d.notification_id > ${afterId}`;
      const { items, reaches } = await together(
        [
          centrePart(alertsQuery(newer, limit), toNotification),
          notices.afterPart(userIds, afterId, limit),
          social.afterPart(userIds, afterId, limit),
          booking.afterPart(userIds, afterId, limit),
          messages.afterPart(userIds, afterId, limit),
        ],
        null,
      );
      const reached = await reachedItems(reaches, userIds, newer, limit);
      return [...items, ...reached].sort((a, b) => Number(a.id) - Number(b.id));
    },

    async unread(fanId: string): Promise<number> {
      return (await this.unreadOf([fanId])).get(fanId) ?? 0;
    },

    async unreadOf(userIds: string[]): Promise<Map<string, number>> {
      const { rows } = await executePrepared<{ counts: Unread[]; reaches: unknown }>(
        orm,
        sql`select (select coalesce(json_agg(u), '[]'::json) from (${unreadQuery(userIds)}) u)
          as counts, ${REACHES_JSON} as reaches`,
      );
      const counts = rows[0]?.counts ?? [];
      const reached = await reachedUnread(reachesOf(rows[0]?.reaches), userIds);
      const of = (id: string) => counts.find((r) => r.user_id === id)?.unread ?? 0;
      return new Map(userIds.map((id) => [id, of(id) + (reached.get(id) ?? 0)]));
    },

    /**
     * Marks the user's own alerts and notices read (some ids, or all), and tells the user's open
     * streams in every process (NOTIFY at commit). Ids of other users' rows are simply not matched.
     */
    async markRead(userId: string, ids: number[] | 'all'): Promise<void> {
      const which = (column: string) =>
        ids === 'all'
          ? sql`true`
          : sql`${sql.identifier(column)} = any(${sql.param(ids)}::bigint[])`;
      await orm.transaction(async (tx) => {
        await tx.execute(sql`
          update alert_deliveries set read_at = now()
          where fan_id = ${userId} and channel = 'in_app' and read_at is null
            and ${which('notification_id')}`);
        for (const table of NOTICE_TABLES) {
          await tx.execute(sql`
            update ${sql.identifier(table)} set read_at = now()
            where user_id = ${userId} and read_at is null and ${which('id')}`);
        }
        await tx.execute(sql`
          update artist_message_deliveries set read_at = now()
          where fan_id = ${userId} and channel = 'in_app' and read_at is null
            and ${which('notification_id')}`);
        // An alert of a big audience still being written: its mark waits for its row.
        await tx.execute(reachRepo.markEarlyRead(userId, ids));
        await tx.execute(sql`select pg_notify(${PG_CHANNELS.read}, ${userId})`);
      });
    },
  };
}

export type NotificationRepo = ReturnType<typeof createNotificationRepo>;

function toNotification(r: NotificationRow): TNotification & { fanId: string } {
  const facts = alertFactsOf(r);
  return {
    id: r.id,
    fanId: r.fan_id,
    kind: r.kind,
    title: alertTitle(facts),
    // The fan's zone is their home's as the centre is read (one join, not a stored copy per row:
    // a row's width is the fan-out's write time). The time and its zone are the event's kept
    // facts, so the text stays true; only whether it names the zone follows where the fan lives.
    body: alertBody(facts, new Date(), homeTimeZone(r.fan_zip_code)),
    reason: r.reason,
    showId: r.show_id,
    fan: null,
    invite: null,
    inDigest: ALERT_CHANNELS.filter((channel) => r.in_digest.includes(channel)),
    createdAt: new Date(r.created_at).toISOString(),
    readAt: r.read_at ? new Date(r.read_at).toISOString() : null,
  };
}

type Unread = { user_id: string; unread: number };

/** The notice tables of the centre: a row each, `user_id` its reader, `read_at` its read mark. */
const NOTICE_TABLES = ['show_notices', 'social_notices', 'booking_notices'] as const;

/** Each of `userIds`' unread alerts and notices, one row per user with any (user_id, unread). */
function unreadQuery(userIds: string[]): SQL {
  const notices = NOTICE_TABLES.map(
    (table) => sql`
        select user_id, count(*) from ${sql.identifier(table)}
        where read_at is null and user_id = any(${sql.param(userIds)}::text[])
        group by user_id
        union all`,
  );
  return sql`
      select user_id, sum(unread)::int as unread from (
        select fan_id as user_id, count(*) as unread from alert_deliveries d
        where channel = 'in_app' and read_at is null
          and fan_id = any(${sql.param(userIds)}::text[])
          -- Read early, while its big audience was being written (decision 064): not unread.
          and not exists (select 1 from alert_early_reads er
            where er.fan_id = d.fan_id and er.notification_id = d.notification_id)
        group by fan_id
        union all${sql.join(notices, sql``)}
        select fan_id, count(*) from artist_message_deliveries
        where channel = 'in_app' and read_at is null
          and fan_id = any(${sql.param(userIds)}::text[])
          and ${messageShown(sql`message_id`)}
        group by fan_id) counts
      group by user_id`;
}
