import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { runMigrations } from '../../src/db/migrate.ts';
import { bulkFans } from '../support/bulk-fans.ts';
import { performerDashboard, venueDashboard } from '../support/dashboards.ts';
import { announceConfirmed, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Place = { zipCode: string; city: string; state: string };

const storedPlaces = async () =>
  (
    await t.database.orm.execute<Place>(sql`
      select zip_code as "zipCode", city, state from zip_places order by zip_code`)
  ).rows;

/** Fans following `performerId`, `count` of them at each ZIP, in a few statements. */
async function followersAt(performerId: string, counts: Record<string, number>) {
  const fans = [];
  for (const [zipCode, count] of Object.entries(counts)) {
    const made = await bulkFans(t.database.orm, { count, performerId, channels: ['push'] });
    const ids = made.map((fan) => fan.id);
    // Moving them after the follow also checks that the rollup follows a fan's ZIP.
    await t.database.orm.execute(sql`
      update fan_profiles set zip_code = ${zipCode} where user_id = any(${sql.param(ids)}::text[])`);
    fans.push(...ids);
  }
  return fans;
}

describe('zip_places', () => {
  it('holds every US ZIP of the zipcodes package with its city and state, and nothing else', async () => {
    const places = await storedPlaces();
    const us = Object.values(zipcodes.codes).filter((code) => code.country === 'US');
    expect(places).toHaveLength(us.length);
    expect(places.length).toBeGreaterThan(40_000);
    const differing = places.filter(({ zipCode, city, state }) => {
      const code = zipcodes.lookup(zipCode);
      return code?.country !== 'US' || code.city !== city || code.state !== state;
    });
    expect(differing).toEqual([]);
    expect(places.filter((p) => ['02134', '10001', '60601', '99950'].includes(p.zipCode))).toEqual([
      { zipCode: '02134', city: 'Allston', state: 'MA' },
      { zipCode: '10001', city: 'New York', state: 'NY' },
      { zipCode: '60601', city: 'Chicago', state: 'IL' },
      { zipCode: '99950', city: 'Ketchikan', state: 'AK' },
    ]);
  });

  it('is repaired by the next migration run when rows are missing or wrong, and kept as is when right', async () => {
    const before = await storedPlaces();
    expect(before.length).toBeGreaterThan(40_000);
    const xmin = async () =>
      (
        await t.database.orm.execute<{ xmin: string }>(sql`
        select xmin::text from zip_places where zip_code = '60601'`)
      ).rows[0]?.xmin;
    const untouched = await xmin();
    await runMigrations(t.database);
    expect(await xmin()).toBe(untouched);

    await t.database.orm.execute(sql`delete from zip_places where zip_code = '10001'`);
    await t.database.orm.execute(
      sql`update zip_places set city = 'Gotham' where zip_code = '10002'`,
    );
    await runMigrations(t.database);
    expect(await storedPlaces()).toEqual(before);
  });
});

describe('places named in SQL', () => {
  it("adds a city's ZIPs up before ranking the performer's top three cities", async () => {
    const performer = await member(t, 'performer');
    // New York's three ZIPs have fewer followers each than Austin's or Chicago's one ZIP, but more
    // together; Los Angeles has the fewest and falls off the three.
    await followersAt(performer.id, {
      '10001': 1,
      '10002': 1,
      '10003': 1,
      '60601': 2,
      '78701': 2,
      '90012': 1,
    });
    expect((await performerDashboard(t, performer.cookie)).topCities).toEqual([
      { city: 'New York', state: 'NY', followers: 3 },
      { city: 'Austin', state: 'TX', followers: 2 },
      { city: 'Chicago', state: 'IL', followers: 2 },
    ]);
  });

  it("names the venue's three biggest fan ZIPs of five fans or more", async () => {
    const venue = await member(t, 'venue');
    const performer = await member(t, 'performer');
    const show = await announceConfirmed(t, performer, venue);
    const fans = await followersAt(performer.id, {
      '10002': 7,
      '60601': 6,
      '78701': 5,
      '10003': 5,
      '02134': 4,
    });
    await t.database.orm.execute(sql`
      insert into show_attendance (fan_id, show_id, status)
      select fan_id, ${show.id}, 'going' from unnest(${sql.param(fans)}::text[]) fan_id`);
    const audience = (await venueDashboard(t, venue.cookie)).audience;
    expect(audience.fans).toBe(27);
    expect(audience.topZips).toEqual([
      { zipCode: '10002', city: 'New York', state: 'NY', fans: 7 },
      { zipCode: '60601', city: 'Chicago', state: 'IL', fans: 6 },
      { zipCode: '10003', city: 'New York', state: 'NY', fans: 5 },
    ]);
  });
});
