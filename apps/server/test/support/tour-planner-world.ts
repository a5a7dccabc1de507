import { EMPTY_TOUR_CONSTRAINTS, type TRole } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Orm } from '../../src/db/client.ts';
import type { ResolvedConstraints } from '../../src/domain/tour-planner/types.ts';
import { YEAR } from './dates.ts';
import { unique } from './factories.ts';

/**
 * Small hand-built worlds for the tour planner, written straight into the tables (the profile and
 * show APIs have their own tests; a world of venues, past shows and fans through them would cost
 * a sign-up each). Places are real points: fans are put a given number of miles north of a venue.
 */

/** Miles per degree of latitude on earthdistance's sphere (earth() = 6,378,168 m). */
const MILES_PER_DEGREE = (6_378_168 * Math.PI) / 180 / 1609.344;
export const northOf = (point: { latitude: number }, miles: number) =>
  point.latitude + miles / MILES_PER_DEGREE;

export async function insertUser(orm: Orm, role: TRole, name = `${role} ${unique()}`) {
  const id = `tp-${role}-${unique()}`;
  await orm.execute(sql`
    insert into "user" (id, name, email, username, display_username, role, profile_complete,
      email_verified)
    values (${id}, ${name}, ${`${id}@example.com`}, ${id}, ${id}, ${role}, true, true)`);
  return id;
}

export type VenueSpec = {
  name?: string;
  city?: string;
  state?: string;
  latitude: number;
  longitude: number;
  capacity: number;
  days?: string[];
};

export async function insertVenue(orm: Orm, spec: VenueSpec) {
  const id = await insertUser(orm, 'venue');
  const name = spec.name ?? `Venue ${unique()}`;
  await orm.execute(sql`
    insert into venue_profiles (user_id, venue_name, description, street_address, city, state,
      zip_code, phone, email, max_capacity, venue_type, age_restriction, booking_contact_name,
      booking_email, booking_phone, booking_lead_time, typical_show_time, operating_days,
      amenities, latitude, longitude)
    values (${id}, ${name}, '', '1 Main Street', ${spec.city ?? 'New York'},
      ${spec.state ?? 'NY'}, '10001', '(212) 555-0100', ${`${id}@example.com`}, ${spec.capacity},
      'club', 'all-ages', 'Dana', ${`booking.${id}@example.com`}, '(212) 555-0101', '1 month',
      '21:00', ${sql.param(spec.days ?? ['Thursday', 'Friday', 'Saturday'])}::text[], '{}',
      ${spec.latitude}, ${spec.longitude})`);
  return { id, ...spec, name };
}

export async function insertPerformer(
  orm: Orm,
  spec: { name?: string; genres?: string[]; capacity?: string; agent?: boolean } = {},
) {
  const id = await insertUser(orm, 'performer');
  await orm.execute(sql`
    insert into performer_profiles (user_id, artist_name, bio, genres, email, phone,
      booking_agent_email, booking_agent_phone, years_active, avg_show_length,
      typical_venue_capacity, currently_touring)
    values (${id}, ${spec.name ?? 'The Echoes'}, '', ${sql.param(spec.genres ?? ['Rock'])}::text[],
      ${`band.${id}@example.com`}, '(512) 555-0100',
      ${spec.agent ? `agent.${id}@example.com` : null}, ${spec.agent ? '(512) 555-0101' : null},
      5, '1.5 hours', ${spec.capacity ?? '500-1000'}, true)`);
  return id;
}

export type ShowSpec = {
  performerId: string;
  venue: { id: string; latitude: number; longitude: number };
  genre?: string;
  /** An instant (ISO) or days from now (negative: past). */
  at: string | number;
  timeZone?: string;
  status?: string;
  confirmation?: 'confirmed' | 'pending' | 'declined';
  attendance?: number;
  gross?: number;
};

export async function insertShow(orm: Orm, s: ShowSpec) {
  const startsAt =
    typeof s.at === 'number' ? new Date(Date.now() + s.at * 86_400_000).toISOString() : s.at;
  const confirmation = s.confirmation ?? 'confirmed';
  const { rows } = await orm.execute<{ id: string }>(sql`
    insert into shows (performer_id, venue_id, latitude, longitude, starts_at, time_zone, genre,
      status, attendance, gross_revenue, created_by, confirmation, confirming_party_id)
    values (${s.performerId}, ${s.venue.id}, ${s.venue.latitude}, ${s.venue.longitude},
      ${startsAt}::timestamptz, ${s.timeZone ?? 'America/New_York'}, ${s.genre ?? 'Rock'},
      ${s.status ?? 'announced'}, ${s.attendance ?? null}, ${s.gross ?? null}, ${s.performerId},
      ${confirmation}, ${confirmation === 'confirmed' ? null : s.venue.id})
    returning id`);
  return rows[0]?.id as string;
}

export async function insertFan(
  orm: Orm,
  spec: { latitude: number; longitude: number; radius: number; genres: string[] },
) {
  const id = await insertUser(orm, 'fan');
  await orm.execute(sql`
    insert into fan_profiles (user_id, tag_name, age_range, gender, email, phone, home_city,
      zip_code, preferred_radius, sms_opt_in, favorite_genres, latitude, longitude)
    values (${id}, 'Fan', '25-34', 'prefer-not-to-say', ${`${id}@example.com`}, '(212) 555-0142',
      'Somewhere', '10001', ${spec.radius}, false, ${sql.param(spec.genres)}::text[],
      ${spec.latitude}, ${spec.longitude})`);
  return id;
}

export async function follow(orm: Orm, fanId: string, performerId: string) {
  await orm.execute(sql`
    insert into artist_alerts (fan_id, performer_id, channels)
    values (${fanId}, ${performerId}, array['email'])`);
}

export async function bookingRequest(
  orm: Orm,
  r: { performerId: string; venueId: string; date: string; state: string },
) {
  await orm.execute(sql`
    insert into booking_requests (performer_id, venue_id, date, message, state)
    values (${r.performerId}, ${r.venueId}, ${r.date}::date, 'Hello', ${r.state})`);
}

/** Constraints as the planner resolves them: March next year, 5 dates, 500–1,000 seats, 400 mi. */
export const marchWindow = (c: Partial<ResolvedConstraints> = {}): ResolvedConstraints => ({
  ...EMPTY_TOUR_CONSTRAINTS,
  startDate: `${YEAR}-03-01`,
  endDate: `${YEAR}-03-31`,
  dateCount: 5,
  capacityMin: 500,
  capacityMax: 1000,
  maxDriveMiles: 400,
  ...c,
});
