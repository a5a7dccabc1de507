import { AGE_RANGES, GENDERS, SMALL_GROUP_MIN } from '@encore/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AudienceCounts, audienceFigures } from '../../src/domain/dashboard-figures.ts';
import { createFollowerFiguresRepo } from '../../src/repositories/dashboards/follower-figures.repo.ts';
import { createVenueAudienceRepo } from '../../src/repositories/dashboards/venue-audience.repo.ts';
import { performerDashboard, venueDashboard } from '../support/dashboards.ts';
import { member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * Migration 0045's rollups of rollups (performer_follower_cities, venue_audience_months and
 * venue_audience_years) after
 * random inserts, updates and deletes of everything they are made of: marks, shows (moved,
 * cancelled, confirmed, deleted), follows, fans' profiles and accounts, performers, ZIP places.
 * After each batch every rollup row equals a recomputation from the source rows, and the
 * dashboards' figures equal the statements they replaced (kept below as they were), through the
 * repositories for many periods and through the API for the dashboards' three.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async <T = Record<string, unknown>>(query: SQL) =>
  (await t.database.orm.execute<Record<string, unknown>>(query)).rows as T[];
const exec = (query: SQL) => t.database.orm.execute(query);

/** A seeded generator (mulberry32), so a failure replays. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const COUNTED = sql`s.venue_id is not null and s.status <> 'cancelled' and s.confirmation = 'confirmed'`;
const MONTH = sql`date_trunc('month', s.starts_at at time zone 'UTC')::date`;

/** A rollup's non-zero rows equal the same rows recomputed, both sorted the same way. */
const expectSame = async (rollup: SQL, recomputed: SQL) =>
  expect(await rows(rollup)).toEqual(await rows(recomputed));

async function expectRollupsRecomputed() {
  await expectSame(
    sql`
      select performer_id, city, state, followers as n from performer_follower_cities
      where followers <> 0 order by 1, 2, 3`,
    sql`
      select a.performer_id, p.city, p.state, count(*)::int as n
      from artist_alerts a
      join fan_profiles f on f.user_id = a.fan_id
      join zip_places p on p.zip_code = f.zip_code
      group by 1, 2, 3 order by 1, 2, 3`,
  );
  await expectSame(
    sql`
      select venue_id, to_char(month, 'YYYY-MM') as month, dimension, value, fans as n
      from venue_audience_months where fans <> 0 order by 1, 2, 3, 4`,
    sql`
      select s.venue_id, to_char(${MONTH}, 'YYYY-MM') as month, d.dimension, d.value,
        count(*)::int as n
      from show_attendance a
      join shows s on s.id = a.show_id
      join fan_profiles f on f.user_id = a.fan_id
      cross join lateral (values ('age', f.age_range), ('gender', f.gender), ('zip', f.zip_code))
        d(dimension, value)
      where ${COUNTED}
      group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
  );
  await expectSame(
    sql`
      select venue_id, to_char(year, 'YYYY') as year, dimension, value, fans as n
      from venue_audience_years where fans <> 0 order by 1, 2, 3, 4`,
    sql`
      select venue_id, to_char(month, 'YYYY') as year, dimension, value, sum(fans)::int as n
      from venue_audience_months group by 1, 2, 3, 4 having sum(fans) <> 0
      order by 1, 2, 3, 4`,
  );
}

/** The statements the rollups replaced, as they were before migration 0045. */
const before = {
  async audience(venueId: string, periodDays: number) {
    const found = await rows<AudienceCounts & { city: string | null; state: string | null }>(sql`
      with counts as (
        select c.dimension, c.value, sum(c.fans)::int as fans
        from shows s
        join show_audience_counts c on c.show_id = s.id
        where s.venue_id = ${venueId} and s.status <> 'cancelled' and s.confirmation = 'confirmed'
          and s.starts_at >= now() - make_interval(days => ${periodDays})
        group by c.dimension, c.value
        having sum(c.fans) > 0)
      select dimension, value, fans, null as city, null as state
      from counts where dimension <> 'zip'
      union all
      (select c.dimension, c.value, c.fans, p.city, p.state
        from counts c join zip_places p on p.zip_code = c.value
        where c.dimension = 'zip' and c.fans >= ${SMALL_GROUP_MIN}
        order by c.fans desc, c.value collate "C"
        limit 3)`);
    return {
      breakdown: found.filter((r) => r.dimension !== 'zip'),
      topZips: found.flatMap(({ dimension, value, fans, city, state }) =>
        dimension === 'zip' && city !== null && state !== null
          ? [{ zipCode: value, city, state, fans }]
          : [],
      ),
    };
  },
  topCities: (performerId: string) =>
    rows(sql`
      select p.city, p.state, sum(z.followers)::int as followers
      from performer_follower_zips z
      join zip_places p on p.zip_code = z.zip_code
      where z.performer_id = ${performerId} and z.followers > 0
      group by p.city, p.state
      order by followers desc, p.city, p.state
      limit 3`),
};

/** Ages and genders in any order (the breakdown's order was never part of its answer). */
const sorted = (breakdown: AudienceCounts[]) =>
  [...breakdown].sort((a, b) =>
    `${a.dimension}|${a.value}` < `${b.dimension}|${b.value}` ? -1 : 1,
  );

describe('the rollups of migration 0045 under random changes', () => {
  it('equal a recomputation, and the dashboards answer as the old statements did', async () => {
    const next = random(29);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const venues = [await member(t, 'venue'), await member(t, 'venue')];
    const performers = [await member(t, 'performer'), await member(t, 'performer')];
    const extra = await member(t, 'performer'); // deleted along the way
    const artists = [...performers, extra];

    // ZIPs: three cities of several ZIPs each (so a city sums ZIPs), and one zip_places lacks.
    const places = await rows<{ zip_code: string }>(sql`
      select zip_code from (
        select zip_code, city, state, row_number() over (partition by city, state order by zip_code) n
        from zip_places where (city, state) in (('Chicago', 'IL'), ('Brooklyn', 'NY'), ('Boston', 'MA'))) z
      where n <= 4 order by zip_code`);
    const [unplaced] = await rows<{ zip: string }>(sql`
      select z as zip from (values ('00000'), ('99999'), ('00001')) v(z)
      where not exists (select 1 from zip_places where zip_code = z) limit 1`);
    if (!unplaced || places.length < 10) throw new Error('the test needs its ZIPs');
    const zips = [...places.map((p) => p.zip_code), unplaced.zip];

    // 160 fans; each performer's followers; shows at both venues from 15 months back to 4 ahead,
    // some pending, cancelled or at an external venue; marks on them.
    const tag = `br${Date.now().toString(36)}`;
    const fans = Array.from({ length: 160 }, (_, i) => `${tag}-f${i}`);
    await exec(sql`
      insert into "user" (id, name, email, username, display_username, role, profile_complete)
      select id, id, id || '@example.com', id, id, 'fan', true
      from unnest(${sql.param(fans)}::text[]) id`);
    await exec(sql`
      insert into fan_profiles (user_id, tag_name, age_range, gender, email, phone, home_city,
        zip_code, preferred_radius, sms_opt_in, favorite_genres, latitude, longitude)
      select f.id, 'Fan ' || f.n, f.age, f.gender, f.id || '@example.com', '(555) 555-0100',
        'Somewhere', f.zip, 25, false, array['Jazz'], 41.9, -87.6
      from unnest(${sql.param(fans)}::text[], ${sql.param(fans.map(() => pick(AGE_RANGES)))}::text[],
        ${sql.param(fans.map(() => pick(GENDERS)))}::text[],
        ${sql.param(fans.map(() => pick(zips)))}::text[]) with ordinality f(id, age, gender, zip, n)`);
    const follow = (pairs: Array<[string, string]>) =>
      exec(sql`
        insert into artist_alerts (fan_id, performer_id, channels)
        select f, p, array['push'] from unnest(${sql.param(pairs.map((x) => x[0]))}::text[],
          ${sql.param(pairs.map((x) => x[1]))}::text[]) v(f, p)
        where exists (select 1 from "user" where id = f)
        on conflict do nothing`);
    await follow(
      fans.flatMap((f) =>
        artists.filter(() => next() < 0.6).map((p): [string, string] => [f, p.id]),
      ),
    );

    const showIds: string[] = [];
    const hoursFromNow = () => Math.round((next() * 19 - 15) * 30 * 24);
    const addShows = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const venue = next() < 0.9 ? pick(venues) : null;
        const performer = pick(artists);
        const pending = venue !== null && next() < 0.1;
        const [show] = await rows<{ id: string }>(sql`
          insert into shows (performer_id, venue_id, external_name, external_city, external_state,
            latitude, longitude, starts_at, time_zone, genre, status, created_by, confirmation,
            confirming_party_id)
          values (${performer.id}, ${venue?.id ?? null}, ${venue ? null : 'Elsewhere Hall'},
            ${venue ? null : 'Elsewhere'}, ${venue ? null : 'IL'}, 41.9,
            -87.6, date_trunc('hour', now()) + make_interval(hours => ${hoursFromNow()}),
            'America/Chicago', 'Jazz', ${next() < 0.1 ? 'cancelled' : 'on_sale'}, ${performer.id},
            ${pending ? 'pending' : 'confirmed'}, ${pending ? (venue?.id ?? null) : null})
          returning id`);
        if (show) showIds.push(show.id);
      }
    };
    await addShows(40);
    const mark = (count: number) => {
      const pairs = Array.from({ length: count }, () => [pick(fans), pick(showIds)]);
      return exec(sql`
        insert into show_attendance (fan_id, show_id, status)
        select f, s, ${next() < 0.5 ? 'going' : 'attended'}
        from unnest(${sql.param(pairs.map((x) => x[0]))}::text[],
          ${sql.param(pairs.map((x) => x[1]))}::text[]) v(f, s)
        where exists (select 1 from shows where id = s) and exists (select 1 from "user" where id = f)
        on conflict do nothing`);
    };
    await mark(900);
    await expectRollupsRecomputed();

    // Random changes, one statement each; some touch many rows at once.
    const someShows = () => showIds.filter(() => next() < 0.15);
    const someFans = () => fans.filter(() => next() < 0.1);
    const changes: Array<() => Promise<unknown>> = [
      () => mark(1 + Math.floor(next() * 60)),
      () =>
        exec(sql`delete from show_attendance where fan_id = any(${sql.param(someFans())}::text[])
          and show_id = any(${sql.param(someShows())}::text[])`),
      () =>
        exec(sql`update show_attendance set status = case status when 'going' then 'attended'
          else 'going' end where show_id = any(${sql.param(someShows())}::text[])`),
      // A show cancelled or back on sale, moved by days or months (across month ends), confirmed.
      () =>
        exec(sql`update shows set status = case status when 'cancelled' then 'on_sale'
          else 'cancelled' end where id = any(${sql.param(someShows())}::text[])`),
      () =>
        exec(sql`update shows set starts_at = starts_at + make_interval(hours => ${hoursFromNow()})
          where id = ${pick(showIds)}`),
      () =>
        exec(sql`update shows set starts_at = date_trunc('month', starts_at) - interval '1 second'
          where id = any(${sql.param(someShows())}::text[])`),
      () =>
        exec(sql`update shows set confirmation = 'confirmed', confirming_party_id = null
          where id = any(${sql.param(someShows())}::text[]) and confirmation = 'pending'`),
      () =>
        exec(sql`update shows set venue_id = ${pick(venues).id}
          where id = ${pick(showIds)} and venue_id is not null and confirmation = 'confirmed'`),
      () => exec(sql`update shows set attendance = 100 where id = ${pick(showIds)}`),
      () => exec(sql`delete from shows where id = ${pick(showIds)}`),
      () => addShows(2),
      // Follows and unfollows, a few or many at once.
      () => follow(someFans().map((f): [string, string] => [f, pick(artists).id])),
      () =>
        exec(sql`delete from artist_alerts where fan_id = any(${sql.param(someFans())}::text[])
          and performer_id = ${pick(performers).id}`),
      // Fans move (to another city, within one, to a ZIP without a place), age, change gender.
      () =>
        exec(sql`update fan_profiles set zip_code = ${pick(zips)}
          where user_id = any(${sql.param(someFans())}::text[])`),
      () =>
        exec(sql`update fan_profiles set age_range = ${pick(AGE_RANGES)}, gender = ${pick(GENDERS)}
          where user_id = ${pick(fans)}`),
      () => exec(sql`update fan_profiles set tag_name = 'Renamed' where user_id = ${pick(fans)}`),
      () => exec(sql`delete from "user" where id = ${pick(fans)}`),
      // The ZIP table changes (as a zipcodes upgrade would): a ZIP renamed, dropped, added back.
      () =>
        exec(sql`update zip_places set city = city || ' Heights' where zip_code = ${pick(zips)}`),
      () =>
        exec(sql`with gone as (delete from zip_places where zip_code = ${pick(zips)} returning *)
          insert into zip_places select zip_code, 'Newtown', state from gone`),
    ];

    // Boundaries in many months, one in last December (its first whole month a January).
    const lastDecember = Date.UTC(new Date().getUTCFullYear() - 1, 11, 15);
    const periods = [
      1,
      7,
      30,
      45,
      90,
      200,
      365,
      1000,
      Math.round((Date.now() - lastDecember) / 864e5),
    ];
    const audience = createVenueAudienceRepo(t.database.orm);
    const followers = createFollowerFiguresRepo(t.database.orm);
    for (let round = 0; round < 8; round++) {
      for (let step = 0; step < 12; step++) await pick(changes)();
      if (round === 6) {
        await exec(sql`delete from "user" where id = ${extra.id}`);
        artists.pop();
      }
      await expectRollupsRecomputed();
      for (const venue of venues) {
        for (const period of periods) {
          const [now, then] = [
            await audience.counts(venue.id, period),
            await before.audience(venue.id, period),
          ];
          expect({ ...now, breakdown: sorted(now.breakdown) }).toEqual({
            ...then,
            breakdown: sorted(then.breakdown),
          });
        }
      }
      for (const performer of performers) {
        expect(await followers.topCities(performer.id)).toEqual(
          await before.topCities(performer.id),
        );
      }
    }

    // The API's answers, built from the old statements' figures.
    for (const venue of venues) {
      for (const period of [30, 90, 365]) {
        const old = await before.audience(venue.id, period);
        expect((await venueDashboard(t, venue.cookie, period)).audience).toEqual(
          audienceFigures(old.breakdown, old.topZips),
        );
      }
    }
    for (const performer of performers) {
      expect((await performerDashboard(t, performer.cookie)).topCities).toEqual(
        await before.topCities(performer.id),
      );
    }
    // The data was rich enough to mean something: cities of several ZIPs, audiences in months.
    expect(
      (await rows(sql`select 1 from venue_audience_months where fans > 0`)).length,
    ).toBeGreaterThan(100);
    expect(
      (await rows(sql`select 1 from performer_follower_cities where followers > 1`)).length,
    ).toBeGreaterThan(3);
  });
});
