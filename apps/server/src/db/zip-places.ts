import { createHash } from 'node:crypto';
import type pg from 'pg';
import zipcodes from 'zipcodes';

export type ZipPlaceRow = { zipCode: string; city: string; state: string };

/**
 * Every US ZIP of the bundled `zipcodes` table with its city and state, in ZIP order: the table
 * locateZip (domain/zip-location.ts) accepts a profile's ZIP from, so every fan's ZIP has a place.
 */
export function bundledZipPlaces(): ZipPlaceRow[] {
  return Object.entries(zipcodes.codes)
    .filter(([, code]) => code.country === 'US')
    .map(([zipCode, code]) => ({ zipCode, city: code.city, state: code.state }))
    .sort((a, b) => (a.zipCode < b.zipCode ? -1 : a.zipCode > b.zipCode ? 1 : 0));
}

const fingerprint = (rows: readonly ZipPlaceRow[]) =>
  createHash('md5')
    .update(rows.map((r) => `${r.zipCode}|${r.city}|${r.state}`).join('\n'))
    .digest('hex');

/**
 * Makes zip_places (migration 0017) equal to the bundled table. It runs after the migrations, on
 * their locked session: the table's fingerprint is compared with the package's (one statement),
 * and only when they differ (a new database, a `zipcodes` upgrade) are its ~42k rows replaced, in
 * one transaction with one batched insert, so readers see the old or the new table, never half.
 */
export async function syncZipPlaces(client: pg.ClientBase): Promise<void> {
  const rows = bundledZipPlaces();
  const { rows: stored } = await client.query<{ fingerprint: string }>(`
    select md5(coalesce(string_agg(zip_code || '|' || city || '|' || state, E'\\n'
      order by zip_code collate "C"), '')) as fingerprint
    from zip_places`);
  if (stored[0]?.fingerprint === fingerprint(rows)) return;
  await client.query('begin');
  try {
    await client.query('delete from zip_places');
    await client.query(
      `insert into zip_places (zip_code, city, state)
       select * from unnest($1::text[], $2::text[], $3::text[])`,
      [rows.map((r) => r.zipCode), rows.map((r) => r.city), rows.map((r) => r.state)],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}
