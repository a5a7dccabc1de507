import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { FAN_SETTINGS_DEFAULTS } from '../db/schema/settings-defaults.ts';
import { PG_CHANNELS } from './pg-channels.ts';
import { zipStateTable } from './zip-state.ts';

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
 */
const WATCH_CHANNELS = sql`array(select c from unnest(a.channels::text[]) as c
    where c = 'sms'
      or (c = 'push' and ${setting('push', d.push)})
      or (c = 'email' and ${setting('email', d.email)}))`;

/** The fan_settings category an event kind needs; cancelled/postponed reach everyone concerned. */
const CATEGORY = sql`case ev.kind
    when 'on_sale' then ${setting('ticket_sales', d.ticketSales)}
    when 'price_drop' then ${setting('price_drops', d.priceDrops)}
    when 'lineup_change' then ${setting('lineup_changes', d.lineupChanges)}
    else true end`;

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
 */
export async function matchEvent(orm: Orm, eventId: string): Promise<number | null> {
  return orm.transaction(async (tx) => {
    const { rows: claimed } = await tx.execute<{ id: string }>(sql`
      select id from show_events
      where id = ${eventId} and matched_at is null
      for update skip locked`);
    if (claimed.length === 0) return null;
    const { rowCount } = await tx.execute(sql`
      with ev as (
        select e.id, e.kind, s.performer_id, s.id as show_id, s.genre,
          coalesce(pp.artist_name, pu.name) as artist,
          -- Computed once here rather than once per fan below.
          ll_to_earth(s.latitude, s.longitude) as point,
          earth_box(ll_to_earth(s.latitude, s.longitude),
            ${MAX_RADIUS_MILES * METERS_PER_MILE}::float8) as box
        from show_events e
        join shows s on s.id = e.show_id
        join "user" pu on pu.id = s.performer_id
        left join performer_profiles pp on pp.user_id = s.performer_id
        where e.id = ${eventId}
      ),
      candidates as (
        select a.fan_id, 1 as rank, 'You watch ' || ev.artist as reason, false as digest,
          ${WATCH_CHANNELS} as channels
        from ev
        join artist_alerts a on a.performer_id = ev.performer_id
        left join fan_settings fs on fs.user_id = a.fan_id
        where ${CATEGORY}
        union all
        select g.fan_id, 2, 'You''re going', false, ${SETTINGS_CHANNELS}
        from ev
        join show_attendance g on g.show_id = ev.show_id and g.status = 'going'
        left join fan_settings fs on fs.user_id = g.fan_id
        where ev.kind <> 'announced' and ${CATEGORY}
        union all
        select fp.user_id, 3,
          ev.genre || ' within ' || fp.preferred_radius || ' mi of ' || fp.home_city
            || coalesce(', ' || coalesce(zs.t ->> fp.zip_code, zs.t ->> left(fp.zip_code, 3)), ''),
          ${setting('genre_alerts', d.genreAlerts)} = 'daily', ${SETTINGS_CHANNELS}
        from ev
        join fan_profiles fp
          on ev.genre = any(fp.favorite_genres)
          and ev.box @> ll_to_earth(fp.latitude, fp.longitude)
          and earth_distance(ev.point, ll_to_earth(fp.latitude, fp.longitude))
            <= fp.preferred_radius * ${METERS_PER_MILE}::float8
        left join fan_settings fs on fs.user_id = fp.user_id
        cross join (select ${zipStateTable()}::jsonb as t) zs
        where ev.kind = 'announced' and ${setting('new_shows', d.newShows)}
      ),
      expanded as (
        -- One row per fan and channel; the fan's strongest reason (watch, going, genre) on all
        -- of them, and a watched artist's alert never waits for the digest.
        select distinct on (c.fan_id, ch.channel)
          c.fan_id, ch.channel, first_value(c.reason) over fan as reason,
          first_value(c.digest) over fan and ch.channel <> 'in_app' as digest
        from candidates c
        join "user" u on u.id = c.fan_id and u.role = 'fan'
        left join fan_profiles fp on fp.user_id = c.fan_id
        cross join lateral unnest(array['in_app'] || c.channels) as ch(channel)
        -- Push needs a browser that subscribed; without one the row could only fail.
        where (ch.channel <> 'push'
          or exists (select 1 from push_subscriptions ps where ps.fan_id = c.fan_id))
        and (ch.channel <> 'sms' or (
          fp.sms_opt_in
          and exists (select 1 from phone_verifications pv
            where pv.user_id = c.fan_id and pv.phone = fp.phone and pv.verified_at is not null)
          and not exists (select 1 from sms_opt_outs o
            where o.phone = '+1' || regexp_replace(fp.phone, '\\D', '', 'g'))))
        window fan as (partition by c.fan_id order by c.rank)
        order by c.fan_id, ch.channel, c.rank
      )
      insert into alert_deliveries (fan_id, show_event_id, channel, reason, digest, state, sent_at)
      select fan_id, ${eventId}, channel, reason, digest,
        case when channel = 'in_app' then 'sent' else 'pending' end,
        case when channel = 'in_app' then now() end
      from expanded
      on conflict (fan_id, show_event_id, channel) do nothing`);
    await tx.execute(sql`
      update show_events set matched_at = now() where id = ${eventId}`);
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
