import { EMPTY_TOUR_CONSTRAINTS, US_STATES } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import type { Database } from '../../src/db/client.ts';
import { reachBox } from '../../src/domain/tour-planner/fans-in-reach.ts';
import { planTour } from '../../src/domain/tour-planner/plan-tour.ts';
import type { ResolvedConstraints } from '../../src/domain/tour-planner/types.ts';
import {
  areaOf,
  createPlannerWorldRepo,
} from '../../src/repositories/tour-planner/planner-world.repo.ts';
import {
  candidatesSql,
  fanHomesSql,
} from '../../src/repositories/tour-planner/planner-world-sql.repo.ts';
import { budget } from '../support/budget.ts';
import { YEAR } from '../support/dates.ts';
import { createTestDatabase } from '../support/test-app.ts';
import { insertPerformer } from '../support/tour-planner-world.ts';

/**
 * The world query at the bench's size (2,000 venues, 1,000,000 fans at real ZIP centres, 2% of
 * them following the artist), timed and explained. Opt-in: `PLANNER_SCALE=1 npx vitest run
 * --project server apps/server/test/tour-planner/planner-world-scale.test.ts` (building the world
 * takes about a minute on two cores). docs/areas/tour-planner.md records what it measured.
 */
const FANS = Number(process.env.PLANNER_SCALE_FANS ?? 1_000_000);
const VENUES = 2_000;
const GENRES = ['Rock', 'Pop', 'Hip-Hop', 'EDM', 'Country', 'Jazz', 'Metal', 'Indie'];

let database: Database;

describe.skipIf(!process.env.PLANNER_SCALE)('the planner world at scale', () => {
  beforeAll(async () => {
    ({ database } = await createTestDatabase());
  }, budget(60_000));
  afterAll(() => database?.close());

  it('loads a Northeast world in well under the plan’s 2 s', {
    timeout: budget(600_000),
  }, async () => {
    const orm = database.orm;
    const states = new Set<string>(US_STATES);
    const zips = Object.values(zipcodes.codes).filter(
      (z) => z.country === 'US' && states.has(z.state),
    );
    await orm.execute(sql`create temp table pts (i serial, lat float8, lon float8, state text)`);
    await orm.execute(sql`
      insert into pts (lat, lon, state)
      select * from jsonb_to_recordset(${JSON.stringify(zips.map((z) => ({ lat: z.latitude, lon: z.longitude, state: z.state })))}::jsonb)
        as z(lat float8, lon float8, state text)`);
    const n = zips.length;
    const performerId = await insertPerformer(orm, { genres: ['Rock', 'Indie'] });
    const started = Date.now();
    await orm.execute(sql`
      insert into "user" (id, name, email, username, display_username, role, profile_complete, email_verified)
      select 'sv-' || i, 'V' || i, 'sv-' || i || '@example.com', 'sv-' || i, 'sv-' || i, 'venue', true, true
      from generate_series(1, ${VENUES}::int) i`);
    await orm.execute(sql`
      insert into venue_profiles (user_id, venue_name, description, street_address, city, state,
        zip_code, phone, email, max_capacity, venue_type, age_restriction, booking_contact_name,
        booking_email, booking_phone, booking_lead_time, typical_show_time, operating_days,
        amenities, latitude, longitude)
      select 'sv-' || g.i, 'Venue ' || g.i, '', '1 Main', 'City ' || g.i, p.state, '10001',
        '(212) 555-0100', 'v@example.com', (50 + (g.i * 7919) % 4950), 'club', 'all-ages', 'Dana',
        'b@example.com', '(212) 555-0101', '1 month', '21:00',
        array['Thursday','Friday','Saturday'], '{}', p.lat, p.lon
      from generate_series(1, ${VENUES}::int) g(i)
      join pts p on p.i = 1 + (g.i * 104729) % ${n}`);
    await orm.execute(sql`
      insert into shows (performer_id, venue_id, latitude, longitude, starts_at, time_zone, genre,
        status, attendance, gross_revenue, created_by)
      select ${performerId}, v.user_id, v.latitude, v.longitude,
        now() - make_interval(days => 1 + (k * 37 + length(v.user_id)) % 700), 'America/New_York',
        (${sql.param(GENRES)}::text[])[1 + (k + ascii(right(v.user_id, 1))) % 8], 'announced',
        case when k % 2 = 0 then v.max_capacity / 2 end,
        case when k % 2 = 0 then v.max_capacity * 12 end, ${performerId}
      from venue_profiles v cross join generate_series(1, 10) k
      where v.user_id like 'sv-%'`);
    await orm.execute(sql`
      insert into "user" (id, name, email, username, display_username, role, profile_complete, email_verified)
      select 'sf-' || i, 'F', 'sf-' || i || '@example.com', 'sf-' || i, 'sf-' || i, 'fan', true, true
      from generate_series(1, ${FANS}::int) i`);
    await orm.execute(sql`
      insert into fan_profiles (user_id, tag_name, age_range, gender, email, phone, home_city,
        zip_code, preferred_radius, sms_opt_in, favorite_genres, latitude, longitude)
      select 'sf-' || g.i, 'Fan', '25-34', 'other', 'f@example.com', '(212) 555-0142', 'Town',
        '10001', 10 + 5 * (g.i % 19), false,
        array[(${sql.param(GENRES)}::text[])[1 + g.i % 8], (${sql.param(GENRES)}::text[])[1 + (g.i / 8) % 8]],
        p.lat, p.lon
      from generate_series(1, ${FANS}::int) g(i)
      join pts p on p.i = 1 + (g.i::bigint * 7919) % ${n}`);
    await orm.execute(sql`
      insert into artist_alerts (fan_id, performer_id, channels)
      select 'sf-' || i, ${performerId}, array['email'] from generate_series(1, ${FANS}::int, 50) i`);
    await orm.execute(sql`analyze`);
    console.log(`world built in ${Date.now() - started} ms`);

    const repo = createPlannerWorldRepo(orm);
    const artist = await repo.loadArtist(performerId);
    if (!artist) throw new Error('no artist');
    const c: ResolvedConstraints = {
      ...EMPTY_TOUR_CONSTRAINTS,
      regions: ['Northeast'],
      startDate: `${YEAR}-03-01`,
      endDate: `${YEAR}-04-30`,
      dateCount: 15,
      capacityMin: 500,
      capacityMax: 1000,
      maxDriveMiles: 300,
    };
    for (const band of [
      { capacityMin: 500, capacityMax: 1000 },
      { capacityMin: 100, capacityMax: 5000 },
    ]) {
      const resolved = { ...c, ...band };
      const t0 = Date.now();
      const world = await repo.loadWorld(artist, resolved);
      const ms = Date.now() - t0;
      const fans = world.candidates.reduce(
        (s, v) => s + v.followersInReach + v.genreFansInReach,
        0,
      );
      const t1 = Date.now();
      const outcome = planTour(world, resolved);
      console.log(
        `${band.capacityMin}-${band.capacityMax}: ${world.candidates.length} candidates, ${fans} fans in reach, world ${ms} ms; plan ${outcome.ok ? outcome.route.length : outcome.message} in ${Date.now() - t1} ms`,
      );
      for (const query of [
        candidatesSql(artist, resolved, areaOf(resolved)),
        fanHomesSql(artist, reachBox(world.candidates)),
      ]) {
        const { rows } = await orm.execute(sql`explain (analyze, buffers) ${query}`);
        console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      expect(world.candidates.length).toBeGreaterThan(0);
    }
  });
});
