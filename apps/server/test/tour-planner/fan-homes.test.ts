import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { createPlannerWorldRepo } from '../../src/repositories/tour-planner/planner-world.repo.ts';
import { createTestDatabase } from '../support/test-app.ts';
import {
  follow,
  insertFan,
  insertPerformer,
  insertShow,
  insertUser,
  insertVenue,
  marchWindow,
} from '../support/tour-planner-world.ts';
import { demandFromProfiles } from './support/demand-from-profiles.ts';

/**
 * fan_homes (migration 0047), the fans counted per home point that the planner's demand reads:
 * after every kind of write that moves a count (fan profiles added, moved, re-genred, removed,
 * accounts deleted, follows added and removed, a performer deleted), the kept rows equal a count
 * from scratch, and the planner's demand equals the old per-plan grouping of fan profiles.
 */
let database: Database;
beforeAll(async () => {
  ({ database } = await createTestDatabase());
});
afterAll(() => database.close());

const GENRES = ['Rock', 'Indie', 'Jazz', 'Pop', 'Metal', 'Country'];
// Points near the venues (a few miles apart, so radii decide) and two far away.
const POINTS = [
  { latitude: 40.75, longitude: -73.99 },
  { latitude: 40.95, longitude: -73.99 },
  { latitude: 41.3, longitude: -73.5 },
  { latitude: 41.76, longitude: -72.68 },
  { latitude: 42.36, longitude: -71.06 },
  { latitude: 39.95, longitude: -75.17 },
  { latitude: 41.88, longitude: -87.63 },
  { latitude: 34.05, longitude: -118.24 },
];

/** A small seeded generator (mulberry32): the same "random" writes on every run. */
function seeded(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const genres = () => {
    const chosen = new Set<string>();
    for (let n = 1 + Math.floor(next() * 3); chosen.size < n; ) chosen.add(pick(GENRES));
    return [...chosen];
  };
  const radius = () => 10 + 5 * Math.floor(next() * 19);
  return { next, pick, genres, radius };
}

const rows = async (query: ReturnType<typeof sql>) =>
  (await database.orm.execute<Record<string, unknown>>(query)).rows;

/** The kept counts, one row per (followers of, point, radius, genre list), against a recount. */
async function expectCountsTrue() {
  const kept = await rows(sql`
    select h.followers_of, h.latitude, h.longitude, u.radius, s.genres, u.fans
    from fan_homes h
    cross join lateral unnest(h.radii, h.genre_sets, h.fans) u(radius, genre_set, fans)
    join fan_genre_sets s on s.id = u.genre_set
    order by 1, 2, 3, 4, 5`);
  const recounted = await rows(sql`
    with counted as (
      select '' as followers_of, f.latitude, f.longitude, f.preferred_radius as radius,
        f.favorite_genres as genres
      from fan_profiles f
      union all
      select a.performer_id, f.latitude, f.longitude, f.preferred_radius, f.favorite_genres
      from artist_alerts a join fan_profiles f on f.user_id = a.fan_id
    )
    select followers_of, latitude, longitude, radius::smallint, genres, count(*)::int as fans
    from counted group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`);
  expect(kept).toEqual(recounted);
  // No row without counts, and the packed copy is the arrays' (the planner reads that one).
  expect(
    await rows(sql`select count(*)::int as n from fan_homes
      where cardinality(radii) = 0 or octet_length(packed) <> 10 * cardinality(radii)`),
  ).toEqual([{ n: 0 }]);
}

describe('fans counted per home point', () => {
  it('stay equal to a count from scratch through random writes, and the demand with them', async () => {
    const random = seeded(29);
    const orm = database.orm;
    const performers = [
      await insertPerformer(orm, { genres: ['Rock', 'Indie'] }),
      await insertPerformer(orm, { genres: ['Jazz'] }),
      await insertPerformer(orm, { genres: ['Metal', 'Pop', 'Country'] }),
    ];
    // Candidate venues around New York and Boston, each with a past Rock, Jazz and Metal show.
    const someone = await insertPerformer(orm, { genres: ['Rock'] });
    for (const [i, point] of POINTS.slice(0, 6).entries()) {
      const venue = await insertVenue(orm, { ...point, capacity: 800, name: `Hall ${i}` });
      for (const genre of ['Rock', 'Jazz', 'Metal']) {
        await insertShow(orm, { performerId: someone, venue, genre, at: -20 });
      }
    }
    const repo = createPlannerWorldRepo(orm);
    const constraints = marchWindow({ dateCount: 3 });
    const expectDemandAsBefore = async () => {
      for (const performerId of performers) {
        const artist = await repo.loadArtist(performerId);
        if (!artist) throw new Error('no artist');
        const world = await repo.loadWorld(artist, constraints);
        expect(world.candidates.length).toBeGreaterThan(0);
        expect(
          world.candidates.map((c) => ({
            followers: c.followersInReach,
            genreFans: c.genreFansInReach,
          })),
        ).toEqual(await demandFromProfiles(orm, artist, world.candidates));
      }
    };

    const fans: string[] = [];
    const addFans = async (n: number) => {
      // Several in one statement too (a bulk load is one trigger call).
      const ids = await Promise.all(Array.from({ length: n }, () => insertUser(orm, 'fan', 'Fan')));
      await orm.execute(sql`
        insert into fan_profiles (user_id, tag_name, age_range, gender, email, phone, home_city,
          zip_code, preferred_radius, sms_opt_in, favorite_genres, latitude, longitude)
        select f.id, 'Fan', '25-34', 'other', f.id || '@example.com', '(212) 555-0142', 'Town',
          '10001', f.radius, false, f.genres, f.latitude, f.longitude
        from jsonb_to_recordset(${JSON.stringify(
          ids.map((id) => ({
            id,
            radius: random.radius(),
            genres: random.genres(),
            ...random.pick(POINTS),
          })),
        )}::jsonb) as f(id text, radius int, genres text[], latitude float8, longitude float8)`);
      fans.push(...ids);
    };
    const someFans = (share: number) => fans.filter(() => random.next() < share);

    await addFans(40);
    // And one through the planner tests' own factory.
    fans.push(
      await insertFan(orm, { latitude: 40.75, longitude: -73.99, radius: 50, genres: ['Rock'] }),
    );
    for (const fan of someFans(0.5)) await follow(orm, fan, random.pick(performers));
    await orm.execute(sql`
      insert into artist_alerts (fan_id, performer_id, channels)
      select unnest(${sql.param(someFans(0.3))}::text[]), ${performers[2]}, array['push']
      on conflict do nothing`);
    await expectCountsTrue();
    await expectDemandAsBefore();

    for (let round = 0; round < 4; round += 1) {
      await addFans(10);
      // Moves, new radii, new genres (one fan at a time and several in one statement).
      for (const fan of someFans(0.1)) {
        await orm.execute(sql`
          update fan_profiles set preferred_radius = ${random.radius()},
            latitude = ${random.pick(POINTS).latitude}, longitude = ${random.pick(POINTS).longitude}
          where user_id = ${fan}`);
      }
      await orm.execute(sql`
        update fan_profiles set favorite_genres = ${sql.param(random.genres())}::text[]
        where user_id = any(${sql.param(someFans(0.2))}::text[])`);
      // A change that moves no count.
      await orm.execute(sql`
        update fan_profiles set tag_name = 'Renamed'
        where user_id = any(${sql.param(someFans(0.2))}::text[])`);
      await orm.execute(sql`
        update artist_alerts set channels = array['email', 'push']
        where fan_id = any(${sql.param(someFans(0.2))}::text[])`);
      // Follows and unfollows.
      for (const fan of someFans(0.15)) {
        await orm.execute(sql`
          insert into artist_alerts (fan_id, performer_id, channels)
          values (${fan}, ${random.pick(performers)}, array['email']) on conflict do nothing`);
      }
      await orm.execute(sql`
        delete from artist_alerts where fan_id = any(${sql.param(someFans(0.1))}::text[])
          and performer_id = ${random.pick(performers)}`);
      // A profile removed on its own, and accounts deleted (the cascade takes profile and follows).
      const [lone] = someFans(0.05);
      if (lone) await orm.execute(sql`delete from fan_profiles where user_id = ${lone}`);
      const leaving = someFans(0.08);
      await orm.execute(sql`delete from "user" where id = any(${sql.param(leaving)}::text[])`);
      for (const gone of [lone, ...leaving]) if (gone) fans.splice(fans.indexOf(gone), 1);
      await expectCountsTrue();
      await expectDemandAsBefore();
    }

    // A performer's account deleted: its followers' rows go with its follows.
    const [, , leavingPerformer] = performers;
    await orm.execute(sql`delete from "user" where id = ${leavingPerformer}`);
    performers.pop();
    await expectCountsTrue();
    expect(
      await rows(
        sql`select count(*)::int as n from fan_homes where followers_of = ${leavingPerformer}`,
      ),
    ).toEqual([{ n: 0 }]);
    await expectDemandAsBefore();
  });
});
