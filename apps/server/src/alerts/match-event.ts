import type { TShowEventKind } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { FAN_SETTINGS_DEFAULTS } from '../db/schema/settings-defaults.ts';
import { PG_CHANNELS } from './pg-channels.ts';
import { zipStateTable } from './zip-state.ts';

/** drizzle's transaction handle: the demo loader matches inside its own transaction. */
type OrmTransaction = Parameters<Parameters<Orm['transaction']>[0]>[0];

export type MatchOptions = {
  /**
   * Matches the event as history (the demo data's recent past): in-app alerts only, delivered and
   * matched at this time. Nothing goes out by push, email or SMS for news that is not new.
   */
  deliveredAt?: Date;
};

const METERS_PER_MILE = 1609.344;
/** fan_profiles' CHECK caps the concert radius at 100 mi: the search box never needs more. */
const MAX_RADIUS_MILES = 100;

const d = FAN_SETTINGS_DEFAULTS.notifications;
/** A fan_settings column (alias fs), or its default when the fan never saved settings. */
const setting = (column: string, fallback: boolean | string) =>
  sql.raw(`coalesce(fs.${column}, ${typeof fallback === 'string' ? `'${fallback}'` : fallback})`);

/** The outbound channels the fan's notification toggles allow. */
const SETTINGS_CHANNELS = sql`array_remove(array[
    case when ${setting('push', d.push)} then 'push' end,
    case when ${setting('email', d.email)} then 'email' end,
    case when ${setting('sms', d.sms)} then 'sms' end]::text[], null)`;

/**
 * A watch's channels are the artist alert's, minus push or email when the fan switched that
 * channel off in their settings (switching email off is also what an unsubscribe link does).
 * SMS stays as chosen for the artist: choosing it needed the SMS opt-in, checked again below.
 * (array_remove of NULL removes nothing: a channel left on stays.)
 */
const WATCH_CHANNELS = sql`array_remove(array_remove(a.channels::text[],
    case when not ${setting('push', d.push)} then 'push' end),
    case when not ${setting('email', d.email)} then 'email' end)`;

/** The fan_settings category an event kind needs; cancelled/postponed reach everyone concerned. */
function category(kind: TShowEventKind) {
  if (kind === 'on_sale') return setting('ticket_sales', d.ticketSales);
  if (kind === 'price_drop') return setting('price_drops', d.priceDrops);
  if (kind === 'lineup_change') return setting('lineup_changes', d.lineupChanges);
  return sql`true`;
}

/** What the match needs to know about the event, read (and the event claimed) first. */
type EventFacts = {
  kind: TShowEventKind;
  show_id: string;
  performer_id: string;
  genre: string;
  artist: string;
  latitude: number;
  longitude: number;
};

/**
 * The fans an event reaches besides the performer's watchers: going fans for a follow-up, or for
 * an announcement the fans whose favourite genres hold the show's genre and whose home lies
 * within their radius of the venue (earth_box of the largest radius over the GiST index, then the
 * exact distance). Columns: fan_id, reason, digest, channels.
 */
function othersOf(ev: EventFacts) {
  if (ev.kind !== 'announced') {
    return sql`
      select g.fan_id, 'You''re going' as reason, false as digest, ${SETTINGS_CHANNELS} as channels
      from show_attendance g
      left join fan_settings fs on fs.user_id = g.fan_id
      where g.show_id = ${ev.show_id} and g.status = 'going' and ${category(ev.kind)}`;
  }
  const point = sql`ll_to_earth(${ev.latitude}::float8, ${ev.longitude}::float8)`;
  return sql`
    select fp.user_id as fan_id,
      ${ev.genre}::text || ' within ' || fp.preferred_radius || ' mi of ' || fp.home_city
        || coalesce(', ' || coalesce(zs.t ->> fp.zip_code, zs.t ->> left(fp.zip_code, 3)), '')
        as reason,
      ${setting('genre_alerts', d.genreAlerts)} = 'daily' as digest,
      ${SETTINGS_CHANNELS} as channels
    from fan_profiles fp
    left join fan_settings fs on fs.user_id = fp.user_id
    cross join (select ${zipStateTable()}::jsonb as t) zs
    where ${ev.genre}::text = any(fp.favorite_genres)
      and earth_box(${point}, ${MAX_RADIUS_MILES * METERS_PER_MILE}::float8)
        @> ll_to_earth(fp.latitude, fp.longitude)
      and earth_distance(${point}, ll_to_earth(fp.latitude, fp.longitude))
        <= fp.preferred_radius * ${METERS_PER_MILE}::float8
      and ${setting('new_shows', d.newShows)}`;
}

/**
 * Writes the deliveries of one show event in a single INSERT ... SELECT, and marks the event
 * matched in the same transaction. The event row is claimed FOR UPDATE SKIP LOCKED and only
 * while unmatched, so two workers never match it twice; the outbox's unique key (fan, event,
 * channel) would make a second pass insert nothing anyway. Returns the rows written, or null
 * when the event is already matched or being matched by another worker.
 *
 * Who gets what:
 * - watchers of the performer: every kind (follow-ups if they keep the category on), in-app plus
 *   the artist alert's channels (push and email only while on in settings); 'You watch {artist}';
 * - fans going to the show: follow-ups only (there is nobody going to a show just announced),
 *   in-app plus their notification toggles; "You're going";
 * - announced only: fans whose favourite genres hold the show's genre and whose home lies within
 *   their radius of the venue, with 'new shows' on: in-app plus their toggles, held for the daily
 *   digest when they chose it; '{genre} within {radius} mi of {home city}, {state}'.
 * One row per fan and channel, all with the fan's strongest reason (watch, then going, then
 * genre). Push only to fans with a push subscription; SMS only to an opted-in, verified phone
 * that never texted STOP. In-app rows are delivered by being written (state 'sent').
 *
 * Why it is shaped so (an announcement can reach half a million fans, docs/performance.md):
 * the event's facts are read first and passed as values, so the planner sees which performer
 * and place it plans for and hash-joins a big audience instead of looking up fans one by one;
 * going and genre fans never meet in one event, so a fan is in at most two branches, merged by
 * a full join on fan_id instead of sorting every candidate row; push and SMS eligibility are
 * sets hashed once, not a lookup per row.
 */
export async function matchEvent(
  orm: Orm | OrmTransaction,
  eventId: string,
  options: MatchOptions = {},
): Promise<number | null> {
  const { deliveredAt } = options;
  return orm.transaction(async (tx) => {
    const { rows: claimed } = await tx.execute<EventFacts>(sql`
      select e.kind, s.id as show_id, s.performer_id, s.genre, s.latitude, s.longitude,
        coalesce(pp.artist_name, pu.name) as artist
      from show_events e
      join shows s on s.id = e.show_id
      join "user" pu on pu.id = s.performer_id
      left join performer_profiles pp on pp.user_id = s.performer_id
      where e.id = ${eventId} and e.matched_at is null
      for update of e skip locked`);
    const ev = claimed[0];
    if (!ev) return null;
    // Room to hash the audience and the push/SMS sets in memory (this transaction only).
    await tx.execute(sql`set local work_mem = '64MB'`);
    const { rowCount } = await tx.execute(sql`
      with watchers as (
        select a.fan_id, ${WATCH_CHANNELS} as channels
        from artist_alerts a
        left join fan_settings fs on fs.user_id = a.fan_id
        where a.performer_id = ${ev.performer_id} and ${category(ev.kind)}
      ),
      others as (${othersOf(ev)}),
      fans as (
        -- A watcher keeps the watch's reason and never waits for the digest; a fan in both
        -- branches gets the channels of both (duplicates fall to ON CONFLICT DO NOTHING).
        select coalesce(w.fan_id, o.fan_id) as fan_id,
          case when w.fan_id is not null then ${`You watch ${ev.artist}`}::text else o.reason end
            as reason,
          w.fan_id is null and o.digest as digest,
          ${
            deliveredAt
              ? sql`array['in_app']`
              : sql`array['in_app'] || coalesce(w.channels, '{}') || coalesce(o.channels, '{}')`
          } as channels
        from watchers w
        full join others o on o.fan_id = w.fan_id
      )
      insert into alert_deliveries
        (fan_id, show_event_id, channel, reason, digest, state, sent_at, created_at)
      select f.fan_id, ${eventId}, ch.channel, f.reason, f.digest and ch.channel <> 'in_app',
        case when ch.channel = 'in_app' then 'sent' else 'pending' end,
        case when ch.channel = 'in_app' then coalesce(${deliveredAt ?? null}::timestamptz, now()) end,
        coalesce(${deliveredAt ?? null}::timestamptz, now())
      from fans f
      join "user" u on u.id = f.fan_id and u.role = 'fan'
      cross join lateral unnest(f.channels) as ch(channel)
      -- Push needs a browser that subscribed; without one the row could only fail.
      where (ch.channel <> 'push' or f.fan_id in (select fan_id from push_subscriptions))
        and (ch.channel <> 'sms' or f.fan_id in (
          select pv.user_id from phone_verifications pv
          join fan_profiles fp on fp.user_id = pv.user_id and fp.phone = pv.phone
          where pv.verified_at is not null and fp.sms_opt_in
            and '+1' || regexp_replace(fp.phone, '\\D', '', 'g')
              not in (select phone from sms_opt_outs)))
      -- In key order, the unique index is filled page by page instead of all over.
      order by f.fan_id
      on conflict (fan_id, show_event_id, channel) do nothing`);
    await tx.execute(sql`
      update show_events set matched_at = coalesce(${deliveredAt ?? null}::timestamptz, now())
      where id = ${eventId}`);
    // Delivered at commit: wakes the dispatch loops and the notification streams.
    await tx.execute(sql`select pg_notify(${PG_CHANNELS.matched}, ${eventId})`);
    return rowCount ?? 0;
  });
}

/**
 * Matches every event still unmatched, oldest first, one transaction each (events claimed by
 * another worker are skipped). The safety net behind the per-event jobs. Returns how many.
 */
export async function matchPendingEvents(orm: Orm, limit = 100): Promise<number> {
  const { rows } = await orm.execute<{ id: string }>(sql`
    select id from show_events where matched_at is null order by created_at limit ${limit}`);
  let matched = 0;
  for (const { id } of rows) {
    if ((await matchEvent(orm, id)) !== null) matched += 1;
  }
  return matched;
}
