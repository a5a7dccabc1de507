import type pg from 'pg';
import { timeZoneAt } from '../domain/time-zone-at.ts';
import { localToUtc, utcToLocal } from '../lib/local-time.ts';
import { runDataFixOnce } from './data-fix.ts';

/**
 * The name of this fix in data_fixes (migration 0023). Give it a new name to run it again, e.g.
 * after an upgrade of the time-zone lookup moves zone lines. v1 moved shows from their
 * state's zone to their place's; v2 runs it once more for the zone-line ZIPs of the generated ZIP
 * table (domain/zip-time-zone-fixes.ts, decision 020's update of 2026-11-27): Williston ND,
 * Phenix City AL, Iron River MI and the rest (on a database where v1 never ran, v2 does its work).
 */
export const SHOW_TIME_ZONES_FIX = 'show-time-zones-from-place-v2';

type Place = { latitude: number; longitude: number; state: string; time_zone: string };
type Moved = { id: string; starts_at: Date; on_sale_at: Date | null; time_zone: string };

/**
 * Shows announced before v1 of the zone lookup got their state's zone (Knoxville Central, El Paso Central,
 * Pensacola Eastern). This gives each show the zone of its place (domain/time-zone-at.ts) and keeps
 * the wall-clock time its announcer typed: 20:00 in the old zone becomes 20:00 in the new one, so
 * starts_at and on_sale_at move by the offsets' difference. Runs once, after the migrations and
 * under their lock, in one transaction with its data_fixes row, so a crash leaves it to be redone
 * whole. Places are few (one per venue or ZIP), so zones are looked up per place, and only the
 * rows whose zone changes are read and rewritten. A show row keeps coordinates, not a ZIP: its
 * place is its venue's or external venue's ZIP centre, which timeZoneAt reads as that ZIP (the
 * generator measured the centre alone right for every ZIP).
 */
export function fixShowTimeZones(client: pg.ClientBase): Promise<number> {
  return runDataFixOnce(client, SHOW_TIME_ZONES_FIX, () => moveShows(client));
}

async function moveShows(client: pg.ClientBase): Promise<number> {
  const { rows: places } = await client.query<Place>(`
    select s.latitude, s.longitude, coalesce(v.state, s.external_state, '') as state, s.time_zone
    from shows s left join venue_profiles v on v.user_id = s.venue_id
    group by 1, 2, 3, 4`);
  const wrong = places.filter((p) => timeZoneAt(p.latitude, p.longitude, p.state) !== p.time_zone);
  if (wrong.length === 0) return 0;
  const { rows } = await client.query<Moved & { new_zone: string }>(
    `select s.id, s.starts_at, s.on_sale_at, s.time_zone, w.new_zone
     from shows s left join venue_profiles v on v.user_id = s.venue_id
     join unnest($1::float8[], $2::float8[], $3::text[], $4::text[], $5::text[])
       as w(latitude, longitude, state, time_zone, new_zone)
       on s.latitude = w.latitude and s.longitude = w.longitude
       and coalesce(v.state, s.external_state, '') = w.state and s.time_zone = w.time_zone
     for update of s`,
    [
      wrong.map((p) => p.latitude),
      wrong.map((p) => p.longitude),
      wrong.map((p) => p.state),
      wrong.map((p) => p.time_zone),
      wrong.map((p) => timeZoneAt(p.latitude, p.longitude, p.state)),
    ],
  );
  const sameWallClock = (instant: Date | null, from: string, to: string) =>
    instant && localToUtcOrSame(utcToLocal(instant, from), to, instant).toISOString();
  await client.query(
    `update shows s set time_zone = m.time_zone, starts_at = m.starts_at,
       on_sale_at = m.on_sale_at, updated_at = now()
     from unnest($1::text[], $2::text[], $3::timestamptz[], $4::timestamptz[])
       as m(id, time_zone, starts_at, on_sale_at)
     where s.id = m.id`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.new_zone),
      rows.map((r) => sameWallClock(r.starts_at, r.time_zone, r.new_zone)),
      rows.map((r) => sameWallClock(r.on_sale_at, r.time_zone, r.new_zone)),
    ],
  );
  return rows.length;
}

/**
 * localToUtc refuses times outside the announce form's window (10 years back, 5 ahead); a show
 * stored outside it keeps its instant, only its zone's name changes.
 */
function localToUtcOrSame(local: string, timeZone: string, instant: Date): Date {
  try {
    return localToUtc(local, timeZone);
  } catch {
    return instant;
  }
}
