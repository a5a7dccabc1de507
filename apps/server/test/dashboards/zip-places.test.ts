import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { runMigrations } from '../../src/db/migrate.ts';
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
