import { US_STATES } from '@encore/contract';
import type pg from 'pg';
import zipcodes from 'zipcodes';
import { timeZoneAt } from '../src/domain/time-zone-at.ts';

/**
 * Optional crowding of fans around one city (the fan-out bench needs one show with a big local
 * audience): `share` of the fans live at a ZIP within `miles` of `zip`, the rest as usual.
 */
export type Metro = { zip: string; miles: number; share: number };

/**
 * Every real US ZIP in an unlogged `bench_zips (n, zip, city, state, lat, lon, tz)`, numbered
 * from 1 so a random home is one random() away; the metro's ZIPs first (n = 1..metroZips).
 */
export async function createBenchZips(
  client: pg.PoolClient,
  metro?: Metro,
): Promise<{ zipCount: number; metroZips: number; rows: number }> {
  const states = new Set<string>(US_STATES);
  let zips = Object.values(zipcodes.codes).filter((z) => states.has(z.state));
  const near = new Set(metro ? (zipcodes.radius(metro.zip, metro.miles) as string[]) : []);
  if (metro)
    zips = [...zips.filter((z) => near.has(z.zip)), ...zips.filter((z) => !near.has(z.zip))];
  await client.query(`create unlogged table bench_zips (
    n int primary key, zip text, city text, state text, lat float8, lon float8, tz text)`);
  const result = await client.query(
    `insert into bench_zips
     select row_number() over (), zip, city, state, lat, lon, tz
     from unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::float8[], $6::text[])
       as z(zip, city, state, lat, lon, tz)`,
    [
      zips.map((z) => z.zip),
      zips.map((z) => z.city),
      zips.map((z) => z.state),
      zips.map((z) => z.latitude),
      zips.map((z) => z.longitude),
      zips.map((z) => timeZoneAt(z.latitude, z.longitude, z.state, z.zip)),
    ],
  );
  return {
    zipCount: zips.length,
    metroZips: zips.filter((z) => near.has(z.zip)).length,
    rows: result.rowCount ?? 0,
  };
}

/** Runs one generation statement and logs its row count and time, as `label: N rows in s`. */
export function timedSteps(client: pg.PoolClient, log: (step: string) => void) {
  return async (label: string, text: string, params: unknown[] = []) => {
    const t0 = performance.now();
    const result = await client.query(text, params);
    log(
      `${label}: ${result.rowCount ?? 0} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    return result;
  };
}
