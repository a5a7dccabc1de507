import type { TCityShows } from '@encore/contract';
import zipcodes from 'zipcodes';
import { shows } from '../../src/db/schema/index.ts';
import { send } from './profile-inputs.ts';
import type { TestApp } from './test-app.ts';

/** earthdistance's earth radius (its `earth()`), so test points sit at exact listing distances. */
const EARTH_METERS = 6_378_168;
const METERS_PER_MILE = 1609.344;

/** The bundled table's point of a ZIP (the one the listing measures from for that ZIP). */
export function zipPoint(zip: string): { latitude: number; longitude: number } {
  const found = zipcodes.lookup(zip);
  if (!found) throw new Error(`no ZIP ${zip}`);
  return { latitude: found.latitude, longitude: found.longitude };
}

/** The point `miles` due north of a point, as earth_distance measures it. */
export function northOf(p: { latitude: number; longitude: number }, miles: number) {
  const degrees = ((miles * METERS_PER_MILE) / EARTH_METERS) * (180 / Math.PI);
  return { latitude: p.latitude + degrees, longitude: p.longitude };
}

type Row = typeof shows.$inferInsert;

/**
 * A show row written straight into the table (at an external venue, at an exact point): the
 * listing reads rows, and tests need many, at chosen places and states, faster than announcing.
 */
export async function insertShow(
  t: TestApp,
  performerId: string,
  at: { latitude: number; longitude: number },
  overrides: Partial<Row> = {},
): Promise<string> {
  const [row] = await t.database.orm
    .insert(shows)
    .values({
      performerId,
      createdBy: performerId,
      externalName: 'The Test Hall',
      externalStreet: '1 Main St',
      externalCity: 'Testville',
      externalState: 'MT',
      externalZip: '59001',
      latitude: at.latitude,
      longitude: at.longitude,
      startsAt: new Date(Date.now() + 7 * 86_400_000),
      timeZone: 'America/Denver',
      genre: 'Rock',
      ...overrides,
    })
    .returning({ id: shows.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

/** GET /api/shows with these parameters, signed out unless a cookie is given. */
export async function listNear(t: TestApp, params: Record<string, string>, cookie?: string) {
  const response = await send(t.app, 'GET', `/api/shows?${new URLSearchParams(params)}`, cookie);
  return { status: response.statusCode, body: response.json<TCityShows>(), response };
}
