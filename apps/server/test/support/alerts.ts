import { randomInt } from 'node:crypto';
import type { TAlertChannel, TFanSettings, TShowEventKind } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { FAN_SETTINGS_DEFAULTS } from '../../src/db/schema/settings-defaults.ts';
import { bulkFans } from './bulk-fans.ts';
import { send } from './profile-inputs.ts';
import { announceConfirmed, member } from './shows.ts';
import type { TestApp } from './test-app.ts';

/** A phone no other fan of the run is likely to have (opt-outs are kept per number). */
export function uniquePhone(): string {
  const exchange = randomInt(200, 1000);
  const line = String(randomInt(0, 10_000)).padStart(4, '0');
  return `(646) ${exchange}-${line}`;
}

/** A fan with a saved profile: home ZIP, radius, genres as given. */
export function fan(t: TestApp, profile: Record<string, unknown> = {}) {
  return member(t, 'fan', { phone: uniquePhone(), smsOptIn: false, ...profile });
}

export async function watch(
  t: TestApp,
  cookie: string,
  performerId: string,
  channels: TAlertChannel[],
) {
  const response = await send(t.app, 'PUT', `/api/artists/${performerId}/alert`, cookie, {
    channels,
  });
  if (response.statusCode >= 300) throw new Error(`watch: ${response.statusCode} ${response.body}`);
}

export async function notificationSettings(
  t: TestApp,
  cookie: string,
  changes: Partial<TFanSettings['notifications']>,
) {
  const body = { ...FAN_SETTINGS_DEFAULTS.notifications, ...changes };
  const response = await send(t.app, 'PUT', '/api/settings/notifications', cookie, body);
  if (response.statusCode !== 200) throw new Error(`settings: ${response.body}`);
}

export async function going(t: TestApp, cookie: string, showId: string) {
  const response = await send(t.app, 'PUT', `/api/shows/${showId}/attendance`, cookie, {
    status: 'going',
  });
  if (response.statusCode >= 300) throw new Error(`going: ${response.body}`);
}

/** Phone verification as the phone-verification flow leaves it (its own tests cover the flow). */
export async function verifyPhone(t: TestApp, userId: string) {
  await t.database.orm.execute(sql`
    insert into phone_verifications (user_id, phone, expires_at, verified_at)
    select user_id, phone, now(), now() from fan_profiles where user_id = ${userId}
    on conflict (user_id) do update set phone = excluded.phone, verified_at = now()`);
}

/** The newest event of a kind on a show. */
export async function eventOf(t: TestApp, showId: string, kind: TShowEventKind): Promise<string> {
  const { rows } = await t.database.orm.execute<{ id: string }>(sql`
    select id from show_events where show_id = ${showId} and kind = ${kind}
    order by created_at desc limit 1`);
  const id = rows[0]?.id;
  if (!id) throw new Error(`no ${kind} event on ${showId}`);
  return id;
}

export type DeliveryRow = {
  fan_id: string;
  channel: string;
  reason: string;
  digest: boolean;
  state: string;
  attempts: number;
  last_error: string | null;
};

export async function deliveries(t: TestApp, eventId: string): Promise<DeliveryRow[]> {
  const { rows } = await t.database.orm.execute<DeliveryRow>(sql`
    select fan_id, channel, reason, digest, state, attempts, last_error from alert_deliveries
    where show_event_id = ${eventId} order by fan_id, channel`);
  return rows;
}

/** One fan's channels for an event, sorted. */
export function channelsOf(rows: DeliveryRow[], fanId: string): string[] {
  return rows
    .filter((r) => r.fan_id === fanId)
    .map((r) => r.channel)
    .sort();
}

/** A browser push subscription as PUT /api/push/subscription stores it (its tests cover that). */
export async function subscribePush(t: TestApp, fanId: string) {
  await t.database.orm.execute(sql`
    insert into push_subscriptions (fan_id, endpoint, p256dh, auth)
    values (${fanId}, ${`https://push.example.com/${fanId}/${randomInt(1e9)}`}, 'key', 'auth')`);
}

/**
 * `count` fans (bulk-fans.ts) watching a new performer by email, and the event of the show it
 * then announced at a Chicago venue, not matched yet: the dispatch tests' usual stage.
 */
export async function announcedToEmailWatchers(t: TestApp, count: number) {
  const performer = await member(t, 'performer');
  const venue = await member(t, 'venue', { zipCode: '60601' });
  const watchers = await bulkFans(t.database.orm, {
    count,
    performerId: performer.id,
    channels: ['email'],
  });
  const show = await announceConfirmed(t, performer, venue, {
    genre: 'Rock',
  });
  return { watchers, eventId: await eventOf(t, show.id, 'announced') };
}
