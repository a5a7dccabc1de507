import type { TShowEventKind } from '@encore/contract';
import { type SQL, sql } from 'drizzle-orm';
import { e164Sql } from '../phone-e164.repo.ts';
import { type FanRange, inRange } from './fan-range.repo.ts';
import { nearbyFansSql, storedNearbyFansSql } from './match-nearby.repo.ts';
import { placesNearSql } from './match-places.repo.ts';
import { closeRequestsSql, requestersSql } from './match-requests.repo.ts';
import { d, SETTINGS_CHANNELS, setting } from './match-settings.repo.ts';

/**
 * What the match needs to know about the event, read (and the event claimed) first. `acts`: the
 * Encore support acts that confirmed their slot, in billing order (null: none). `act_performer_id`:
 * the event is one act's confirmation, for that act's watchers only. `requested`: an announcement
 * whose headliner has open show requests (match-requests.repo.ts; false for every other kind).
 */
export type EventFacts = {
  kind: TShowEventKind;
  show_id: string;
  performer_id: string;
  genre: string;
  artist: string;
  latitude: number;
  longitude: number;
  act_performer_id: string | null;
  acts: Array<{ id: string; name: string }> | null;
  requested: boolean;
  /** A kept place lies within 100 mi of the venue (match-places.repo.ts; false but for announcements). */
  placed: boolean;
  /** The show's day on the venue's calendar, 'YYYY-MM-DD': a trip's window is read in it. */
  local_day: string;
  /**
   * The event's in-app alert's id in every fan's centre (decision 059; bigint as text), drawn by
   * matchRepo.beginMatch before the facts are read; null only before a match begins.
   */
  notification_id: string | null;
};

/** The query that reads an unmatched event's facts (alias e for show_events). */
export const eventFactsSql = (eventId: string) => sql`
  select e.kind, s.id as show_id, s.performer_id, s.genre, s.latitude, s.longitude,
    coalesce(pp.artist_name, pu.name) as artist, e.act_performer_id,
    (select json_agg(json_build_object('id', a.performer_id, 'name', a.name) order by a.position)
      from show_acts a
      where a.show_id = s.id and a.performer_id is not null and a.confirmation = 'confirmed')
      as acts,
    -- The requesters slice joins the statement only when there is someone to find (one probe of
    -- show_requests_performer_open_idx).
    (e.kind = 'announced' and e.act_performer_id is null and exists (
      select 1 from show_requests r where r.performer_id = s.performer_id and r.status = 'open'))
      as requested,
    -- The kept places join the genre statement only when one lies near (decision 049).
    (e.kind = 'announced' and e.act_performer_id is null
      and ${placesNearSql(sql`s.latitude`, sql`s.longitude`)}) as placed,
    to_char(s.starts_at at time zone s.time_zone, 'YYYY-MM-DD') as local_day,
    e.notification_id::text as notification_id
  from show_events e
  join shows s on s.id = e.show_id
  join "user" pu on pu.id = s.performer_id
  left join performer_profiles pp on pp.user_id = s.performer_id
  where e.id = ${eventId} and e.matched_at is null`;

/**
 * A watch's channels are the artist alert's, minus push or email when the fan switched that
 * channel off in their settings (switching email off is also what an unsubscribe link does).
 * SMS stays as chosen for the artist: choosing it needed the SMS opt-in, checked again below.
 * (array_remove of NULL removes nothing: a channel left on stays.)
 */
const WATCH_CHANNELS = sql`array_remove(array_remove(a.channels::text[],
    case when not ${setting('push', d.push)} then 'push' end),
    case when not ${setting('email', d.email)} then 'email' end)`;

/** The fan_settings category an event kind needs; cancelled/postponed (MOVES) reach everyone told. */
function category(kind: TShowEventKind) {
  if (kind === 'on_sale') return setting('ticket_sales', d.ticketSales);
  if (kind === 'price_drop') return setting('price_drops', d.priceDrops);
  if (kind === 'lineup_change') return setting('lineup_changes', d.lineupChanges);
  return sql`true`;
}

/** Why a watcher gets the alert: their artist and its slot on the bill. */
export const watchReason = (artist: string, slot: 'headlining' | 'supporting') =>
  `You watch ${artist} — ${slot}`;

/**
 * The watchers an event reaches (alias a for artist_alerts, fs for fan_settings). Columns: fan_id,
 * channels, reason.
 * - One act's confirmation (`act_performer_id`): that act's watchers the show has not reached yet
 *   (no alert of any other event of it), whatever their categories: it is their first news of it.
 * - A show with no confirmed Encore support act: the headliner's watchers, as it always was.
 * - A bill: the watchers of the headliner and of each confirmed Encore act, once each, with the
 *   watch of the highest slot (its reason and channels: headliner first, then billing order).
 */
function watchersOf(eventId: string, ev: EventFacts, range: FanRange) {
  const settings = sql`left join fan_settings fs on fs.user_id = a.fan_id
    and ${inRange('fs.user_id', range)}`;
  if (ev.act_performer_id) {
    // Taken off the bill (an edit) before the match: nobody is told of a slot it no longer has.
    const act = ev.acts?.find((x) => x.id === ev.act_performer_id);
    if (!act)
      return sql`select a.fan_id, null::text[] as channels, null::text as reason
      from artist_alerts a where false`;
    return sql`
      select a.fan_id, ${WATCH_CHANNELS} as channels,
        ${watchReason(act.name, 'supporting')}::text as reason
      from artist_alerts a
      ${settings}
      where a.performer_id = ${ev.act_performer_id} and ${inRange('a.fan_id', range)}
        and not exists (select 1 from alert_deliveries d
          where d.fan_id = a.fan_id and d.channel = 'in_app' and d.notification_id in (
            select o.notification_id from show_events o
            where o.show_id = ${ev.show_id} and o.id <> ${eventId}
              and o.notification_id is not null))`;
  }
  const acts = ev.acts ?? [];
  if (acts.length === 0) {
    return sql`
      select a.fan_id, ${WATCH_CHANNELS} as channels,
        ${watchReason(ev.artist, 'headlining')}::text as reason
      from artist_alerts a
      ${settings}
      where a.performer_id = ${ev.performer_id} and ${category(ev.kind)}
        and ${inRange('a.fan_id', range)}`;
  }
  const bill = [
    sql`(${ev.performer_id}::text, ${watchReason(ev.artist, 'headlining')}::text, 0)`,
    ...acts.map(
      (act, i) => sql`(${act.id}::text, ${watchReason(act.name, 'supporting')}::text, ${i + 1})`,
    ),
  ];
  return sql`
    select distinct on (a.fan_id) a.fan_id, ${WATCH_CHANNELS} as channels, b.reason
    from artist_alerts a
    join (values ${sql.join(bill, sql`, `)}) as b(performer_id, reason, slot)
      on b.performer_id = a.performer_id
    ${settings}
    where ${category(ev.kind)} and ${inRange('a.fan_id', range)}
    order by a.fan_id, b.slot`;
}

/** The going rule's words, for every follow-up a going fan gets. */
export const GOING_REASON = "You're going to this show";

/** Why a fan an earlier alert of the show reached hears that it moved or is off. */
export const ALERTED_REASON = 'You were alerted about this show';

/** The kinds that tell of a show moved (date, time) or off: everyone told of it hears them. */
export const MOVES: ReadonlySet<TShowEventKind> = new Set(['postponed', 'cancelled']);

/**
 * The fans an event reaches besides the performer's watchers: going fans for a follow-up, or for
 * an announcement the genre-and-radius fans (match-nearby.repo.ts): read from the set stored once for
 * the whole match when `nearbyStored`, else found here for this range. Columns: fan_id, reason,
 * digest, channels. Each branch's reason names its rule and that rule's facts
 * (alert_deliveries' CHECK refuses a blank one).
 */
function othersOf(eventId: string, ev: EventFacts, range: FanRange, nearbyStored: boolean) {
  if (ev.act_performer_id) {
    // One act's confirmation is news for its watchers only.
    return sql`select null::text as fan_id, null::text as reason, false as digest,
      null::text[] as channels where false`;
  }
  if (MOVES.has(ev.kind)) {
    // Whoever was told of the show hears that it moved or is off (a product rule): going fans, and
    // every fan an earlier alert of it reached (by genre and distance too), each once.
    return sql`
      select distinct on (x.fan_id) x.fan_id, x.reason, false as digest,
        ${SETTINGS_CHANNELS} as channels
      from (
        select g.fan_id, ${GOING_REASON}::text as reason, 0 as rank
        from show_attendance g
        where g.show_id = ${ev.show_id} and g.status = 'going' and ${inRange('g.fan_id', range)}
        union all
        select d.fan_id, ${ALERTED_REASON}::text, 1
        from show_events o
        join alert_deliveries d on d.notification_id = o.notification_id and d.channel = 'in_app'
        where o.show_id = ${ev.show_id} and o.id <> ${eventId} and ${inRange('d.fan_id', range)}
      ) x
      left join fan_settings fs on fs.user_id = x.fan_id and ${inRange('fs.user_id', range)}
      order by x.fan_id, x.rank`;
  }
  if (ev.kind !== 'announced') {
    return sql`
      select g.fan_id, ${GOING_REASON}::text as reason, false as digest,
        ${SETTINGS_CHANNELS} as channels
      from show_attendance g
      left join fan_settings fs on fs.user_id = g.fan_id and ${inRange('fs.user_id', range)}
      where g.show_id = ${ev.show_id} and g.status = 'going' and ${category(ev.kind)}
        and ${inRange('g.fan_id', range)}`;
  }
  return nearbyStored ? storedNearbyFansSql(eventId, range) : nearbyFansSql(ev, range);
}

/**
 * Which of an event's rows one statement writes (decision 056): every row (a small audience, in
 * one transaction; history), or, for a big audience written one fan range at a time, its in-app
 * rows in a first pass over every range and its outbound rows (push, email, SMS) in a second.
 * The in-app pass skips what only the outbound rows need (the channels, the push and SMS sets),
 * so every fan of the audience has the alert sooner; the outbound rows wait for dispatch anyway.
 */
export type DeliveryPart = 'all' | 'in_app' | 'outbound';

/**
 * The requesters (match-requests.repo.ts) merged over the other branches' fans (`base`): a
 * requester's reason wins, their rows never wait for the digest, and they get their toggles'
 * channels besides any the other branches gave (each once); as history, in-app only. `closed`
 * closes the requests answered, in this statement.
 */
function requestedFans(
  ev: EventFacts,
  range: FanRange,
  deliveredAt: Date | null,
  part: DeliveryPart,
  close: boolean,
): SQL {
  // The outbound pass finds the requests its in-app pass answered (and closed) on this show.
  const outbound = part === 'outbound';
  return sql`,
    requesters as (${requestersSql(ev, range, outbound)}),
    ${outbound || !close ? sql`` : sql`closed as (${closeRequestsSql(ev, range, deliveredAt)}),`}
    fans as (
      select coalesce(q.fan_id, b.fan_id) as fan_id, coalesce(q.reason, b.reason) as reason,
        q.fan_id is null and b.digest as digest,
        case when q.fan_id is null then b.channels
          else array(select distinct c from unnest(coalesce(b.channels, array['in_app']) || ${
            deliveredAt ? sql`array[]::text[]` : sql`q.channels`
          }) c) end as channels
      from base b
      full join requesters q on q.fan_id = b.fan_id
    )`;
}

/**
 * The one INSERT ... SELECT that writes an event's deliveries for the fans of a range.
 *
 * Who gets what:
 * - watchers of the headliner and of every Encore support act that confirmed its slot (watchersOf):
 *   every kind (follow-ups if they keep the category on), in-app plus the artist alert's channels
 *   (push and email only while on in settings); 'You watch {artist} — headlining|supporting'. A
 *   support act's confirmation on a public show reaches only its watchers not reached yet;
 * - fans going to the show: follow-ups only (there is nobody going to a show just announced),
 *   in-app plus their notification toggles; "You're going to this show";
 * - a postponement or a cancellation (MOVES) also reaches every fan an earlier alert of the show
 *   reached (its in-app row), by genre and distance too: 'You were alerted about this show';
 * - announced only: fans whose favourite genres hold the show's genre and whose home lies within
 *   their radius of the venue, with 'new shows' on: in-app plus their toggles, held for the daily
 *   digest when they chose it; '{genre} show {distance} mi from {home city}, {state} — within
 *   your {radius} mi radius'; the places they keep besides home count alike (match-places.repo.ts),
 *   once per fan, the nearest naming the why.
 * One row per fan and channel, all with the fan's strongest reason (watch, then going, then
 * genre). Push only to fans with a push subscription; SMS only to an opted-in, verified phone
 * that never texted STOP. In-app rows are delivered by being written (state 'sent').
 * With `deliveredAt` (history), in-app rows only, dated then. `part`: all of these rows, or only
 * the in-app or the outbound ones (DeliveryPart; a big audience's two passes).
 * `nearbyStored`: the genre-and-radius fans were stored once for the whole match (match-nearby.repo.ts).
 * `rerun`: an earlier match of this event began (it failed halfway, or this is a replay), so the
 * rows it wrote are skipped (ON CONFLICT DO NOTHING: the outbound rows' key, the in-app rows'
 * centre key with the event's one id). Not on a first run: the speculative insertion that ON
 * CONFLICT needs costs a third of the insert, and the unique keys still refuse a duplicate.
 *
 * Why it is shaped so (an announcement can reach half a million fans, docs/performance.md):
 * the event's facts are passed as values, so the planner sees which performer and place it
 * plans for and hash-joins a big audience instead of looking up fans one by one; going and genre
 * fans never meet in one event, so a fan is in at most two branches, merged by a full join on
 * fan_id instead of sorting every candidate row; push and SMS eligibility are sets hashed once,
 * not a lookup per row; rows go in in fan order, so the unique index fills page by page.
 */
export function insertDeliveriesSql(...args: Parameters<typeof insertParts>): SQL {
  const { fans, insert } = insertParts(...args);
  return sql`with ${fans} ${insert}`;
}

/**
 * The same INSERT, answering how many rows it wrote and, when they are at most `namedUpTo`, the
 * fans it wrote them for (each once): the matched notice names a small audience's fans, so that
 * only their pages leave the caches. Read from the rows written, not looked up after them.
 */
export function insertDeliveriesNamingSql(
  namedUpTo: number,
  ...args: Parameters<typeof insertParts>
): SQL {
  const { fans, insert } = insertParts(...args);
  return sql`
    with ${fans},
    written as (${insert}
      returning fan_id)
    select count(*)::int as rows,
      -- None written names no one (an empty list), not everyone (null). A subquery, so that only
      -- a small audience's fans are gathered: an aggregate beside count(*) ran for every row,
      -- sorting a big range's fans for a list it then dropped (8-12 ms of a 100-160-ms range).
      case when count(*) <= ${namedUpTo}
        then (select coalesce(array_agg(distinct w.fan_id), '{}') from written w) end as fans
    from written`;
}

/**
 * The fans among `fans` an event's match reaches, and why: the in-app pass's own statement (its
 * rules, its reasons) without its INSERT and without closing the show requests it answers. A
 * reach's readers ask it about the fans they serve (decision 064, repositories/alerts/reach.repo.ts):
 * a fan's alert is what the row, once written, will say. Columns: fan_id, reason.
 */
export function reachedFansSql(eventId: string, ev: EventFacts, fans: readonly string[]): SQL {
  const range: FanRange = { from: null, to: null, only: fans };
  const { fans: reached } = insertParts(eventId, ev, range, null, false, false, 'in_app', false);
  return sql`with ${reached} select f.fan_id, f.reason from fans f`;
}

/**
 * insertDeliveriesSql's parts: its WITH list (the fans and why), and the INSERT itself.
 * `closeRequests` false: the list only reads (reachedFansSql); the INSERT is then not run.
 * `reachedAt`: when the audience was reached (decision 064), the in-app rows' time.
 */
function insertParts(
  eventId: string,
  ev: EventFacts,
  range: FanRange,
  deliveredAt: Date | null,
  rerun: boolean,
  nearbyStored = false,
  part: DeliveryPart = 'all',
  closeRequests = true,
  reachedAt: string | null = null,
): { fans: SQL; insert: SQL } {
  // With requesters (match-requests.repo.ts), `fans` is the merge below and the branches' merge
  // is `base`; without, the statement is what it was before requests existed.
  const requested = ev.requested && ev.kind === 'announced' && !ev.act_performer_id;
  const channels = deliveredAt
    ? sql`array['in_app']`
    : sql`case when w.fan_id is not null and o.fan_id is not null
        then array(select distinct c from unnest(array['in_app'] || w.channels || o.channels) c)
        else array['in_app'] || coalesce(w.channels, o.channels) end`;
  const fans = sql`
    watchers as (${watchersOf(eventId, ev, range)}),
    others as (${othersOf(eventId, ev, range, nearbyStored)}),
    ${requested ? sql`base` : sql`fans`} as (
      -- A watcher keeps the watch's reason and never waits for the digest; a fan in both
      -- branches gets the channels of both, each once.
      select coalesce(w.fan_id, o.fan_id) as fan_id,
        case when w.fan_id is not null then w.reason else o.reason end as reason,
        w.fan_id is null and o.digest as digest,
        ${part === 'in_app' ? sql`null::text[]` : channels} as channels
      from watchers w
      full join others o on o.fan_id = w.fan_id
    )${requested ? requestedFans(ev, range, deliveredAt, part, closeRequests) : sql``}`;
  // A reached audience's in-app rows are dated when it was reached (decision 064): the alert
  // the fan saw before its row was written.
  const inAppAt = sql`coalesce(${deliveredAt}::timestamptz, ${reachedAt}::timestamptz, now())`;
  const insert = sql`
    insert into alert_deliveries
      (fan_id, show_event_id, channel, reason, digest, state, sent_at, created_at, notification_id)
    select f.fan_id, ${eventId}, ch.channel, f.reason, f.digest and ch.channel <> 'in_app',
      case when ch.channel = 'in_app' then 'sent' else 'pending' end,
      case when ch.channel = 'in_app' then ${inAppAt} end,
      case when ch.channel = 'in_app' then ${inAppAt} else coalesce(${deliveredAt}::timestamptz, now()) end,
      -- Only in-app rows are notifications: outbound rows take no number (decision 028). Every
      -- fan's in-app row takes the event's one id (decision 059).
      case when ch.channel = 'in_app' then ${ev.notification_id}::bigint end
    -- No join to "user" (it was a tenth of a range's CPU): every source of the fans (their
    -- alerts, asks, profiles and places) cascades from it, so a deleted fan is in none of them,
    -- and only fans write them; the stored genre set, without a foreign key, checks its fans
    -- itself (match-nearby.repo.ts' storedNearbyFansSql).
    from fans f
    ${part === 'in_app' ? sql`cross join (select 'in_app'::text as channel) ch` : channelRows(range, part)}
    order by f.fan_id
    ${rerun ? sql`on conflict do nothing` : sql``}`;
  return { fans, insert };
}

/**
 * A fan's rows by channel (the in-app row too unless `part` is the outbound pass): push only to
 * fans with a push subscription, SMS only to an opted-in, verified phone that never texted STOP.
 */
function channelRows(range: FanRange, part: DeliveryPart): SQL {
  return sql`cross join lateral unnest(f.channels) as ch(channel)
    -- Push needs a browser that subscribed; without one the row could only fail.
    where (ch.channel <> 'push' or f.fan_id in (
        select fan_id from push_subscriptions where ${inRange('fan_id', range)}))
      -- A verified, opted-in phone that never texted STOP: the range's few verified phones each
      -- look their profile up by key (OFFSET 0 keeps the planner from turning it back into a
      -- scan of the range's every profile), instead of every profile of the range being read to
      -- find the opted-in ones (docs/performance-log, "The matcher's own work beyond the insert").
      and (ch.channel <> 'sms' or f.fan_id in (
        select pv.user_id from phone_verifications pv
        cross join lateral (
          select 1 from fan_profiles fp
          where fp.user_id = pv.user_id and fp.phone = pv.phone and fp.sms_opt_in
            and ${e164Sql(sql`fp.phone`)} not in (select phone from sms_opt_outs)
          offset 0) opted_in
        where pv.verified_at is not null and ${inRange('pv.user_id', range)}))
      ${part === 'outbound' ? sql`and ch.channel <> 'in_app'` : sql``}`;
}
