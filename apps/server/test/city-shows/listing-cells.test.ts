import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARTH_RADIUS_M, earthMeters, METERS_PER_MILE } from '../../src/domain/earth.ts';
import { type Cell, cellOf, cellsWithin } from '../../src/domain/listing-cells.ts';
import { listingTag, parseChangeNotice } from '../../src/http/cached-pages.ts';
import { loaded, statementRecorder } from '../platform/support/sql-reads.ts';
import { listenToChangeNotices } from '../support/change-notices.ts';
import { insertShow, listNear, northOf, zipPoint } from '../support/city-shows.ts';
import { send } from '../support/profile-inputs.ts';
import { eventually } from '../support/recording-sender.ts';
import { member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Decision 055: a city listing is dropped by a show added, removed or moved in one of the cells
 * its circle touches, and kept through shows elsewhere. The cells must hold every point the
 * listing's SQL finds within its radius, and migration 0055 must name a show's cell as
 * domain/listing-cells.ts computes it.
 */
const RAD = Math.PI / 180;
const key = ({ lat, lon }: Cell) => `${lat}:${lon}`;
type Point = { latitude: number; longitude: number };

/** The point `meters` from `from` on the bearing (radians), on earthdistance's sphere. */
function destination(from: Point, bearing: number, meters: number): Point {
  const d = meters / EARTH_RADIUS_M;
  const lat1 = from.latitude * RAD;
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing),
  );
  const lon2 =
    from.longitude * RAD +
    Math.atan2(
      Math.sin(bearing) * Math.sin(d) * Math.cos(lat1),
      Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
    );
  const longitude = ((((lon2 / RAD + 180) % 360) + 360) % 360) - 180;
  return { latitude: lat2 / RAD, longitude };
}

/** A seeded generator, so a failure names the same points when run again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('the cells a listing touches (pure)', () => {
  it('hold every point within the radius, over the country, the 180th meridian and a pole', () => {
    const next = random(55);
    const centres: Point[] = [
      ...Array.from({ length: 400 }, () => ({
        latitude: 18 + next() * 54,
        longitude: -170 + next() * 105,
      })),
      { latitude: 51.88, longitude: -176.66 }, // Adak, AK: its 250 miles cross the meridian
      { latitude: 51.5, longitude: 179.9 },
      { latitude: 89.5, longitude: 10 }, // over the pole
      { latitude: 40, longitude: -75 }, // on a cell's corner
    ];
    let points = 0;
    const missed: string[] = [];
    for (const centre of centres) {
      for (const miles of [10, 25, 50, 100, 250]) {
        const meters = miles * METERS_PER_MILE;
        const cells = new Set(cellsWithin(centre.latitude, centre.longitude, meters).map(key));
        for (let i = 0; i < 60; i += 1) {
          // Half on the edge of the circle (less a millimetre), where a box too small would first
          // miss.
          const reach = i % 2 === 0 ? meters * (1 - 1e-9) : meters * next();
          const point = destination(centre, next() * 2 * Math.PI, reach);
          if (earthMeters(centre, point) > meters) continue;
          points += 1;
          if (!cells.has(key(cellOf(point.latitude, point.longitude)))) {
            missed.push(`${miles} mi of ${JSON.stringify(centre)}: ${JSON.stringify(point)}`);
          }
        }
      }
    }
    // Not vacuous: the points on the edge measure within it.
    expect(points).toBeGreaterThan(120_000);
    expect(missed).toEqual([]);
  });

  it('are few: a handful for a town, dozens for 250 miles, not the country', () => {
    const nyc = zipPoint('10001');
    expect(cellsWithin(nyc.latitude, nyc.longitude, 25 * METERS_PER_MILE).length).toBeLessThan(5);
    const wide = cellsWithin(nyc.latitude, nyc.longitude, 250 * METERS_PER_MILE).length;
    expect(wide).toBeGreaterThan(20);
    expect(wide).toBeLessThanOrEqual(80);
    // Every longitude over the pole (rows 85 to 89, and 90: the pole itself); both sides of the
    // meridian at Adak.
    expect(cellsWithin(89.5, 10, 250 * METERS_PER_MILE)).toHaveLength(6 * 360);
    const adak = cellsWithin(51.88, -176.66, 250 * METERS_PER_MILE).map((c) => c.lon);
    expect(adak).toContain(179);
    expect(adak).toContain(-175);
  });

  it('wrap a longitude of 180 to -180, and floor below zero', () => {
    expect(cellOf(40.5, 180)).toEqual({ lat: 40, lon: -180 });
    expect(cellOf(-0.5, -0.5)).toEqual({ lat: -1, lon: -1 });
    expect(cellOf(40, -74)).toEqual({ lat: 40, lon: -74 });
  });
});

describe('a show change names its cell, and the listings follow', () => {
  let t: TestApp;
  let notices: Awaited<ReturnType<typeof listenToChangeNotices>>;
  beforeAll(async () => {
    t = await createTestApp();
    notices = await listenToChangeNotices(t, (payload) => payload.startsWith('shows|'));
  });
  afterAll(async () => {
    await notices.end();
    await t.close();
  });

  /** The cells named by the next notice about shows heard after `write`. */
  async function cellsNamedBy(write: () => Promise<unknown>): Promise<string[]> {
    const before = await notices.caughtUp();
    await write();
    const payload = await eventually(() => notices.heard[before]);
    return (parseChangeNotice(payload).tags ?? []).filter((tag) => tag.includes(':cell:')).sort();
  }

  it("names the cell of each place as cellOf does (the migration's SQL)", async () => {
    const band = await member(t, 'performer', { artistName: 'Cell Mates' });
    const places: Point[] = [
      { latitude: 40.75, longitude: -73.99 },
      { latitude: 40, longitude: -74 },
      { latitude: -0.5, longitude: -0.5 },
      { latitude: 51.5, longitude: 180 },
      { latitude: 51.5, longitude: -179.999 },
      { latitude: 21.3, longitude: -157.85 },
    ];
    for (const at of places) {
      const named = await cellsNamedBy(() => insertShow(t, band.id, at));
      expect(named, JSON.stringify(at)).toEqual([
        listingTag.cell(cellOf(at.latitude, at.longitude)),
      ]);
    }
  });

  it('names the old and the new cell of a move, and none for results', async () => {
    const band = await member(t, 'performer', { artistName: 'Movers' });
    const id = await insertShow(t, band.id, { latitude: 40.75, longitude: -73.99 });
    const moved = await cellsNamedBy(() =>
      t.database.pool.query(
        'update shows set latitude = 34.05, longitude = -118.24 where id = $1',
        [id],
      ),
    );
    expect(moved).toEqual(
      [listingTag.cell({ lat: 34, lon: -119 }), listingTag.cell({ lat: 40, lon: -74 })].sort(),
    );
    const results = await cellsNamedBy(() =>
      t.database.pool.query('update shows set attendance = 120 where id = $1', [id]),
    );
    expect(results).toEqual([]);
  });

  it("keeps a city's listing through a show elsewhere, and drops it for one in its circle", async () => {
    const record = statementRecorder(t.database.pool);
    const asked = async (params: Record<string, string>) => {
      const { result, statements } = await record(() =>
        send(t.app, 'GET', `/api/shows?${new URLSearchParams(params)}`, undefined),
      );
      expect(result.statusCode, result.body).toBe(200);
      const ids = result.json<{ shows: { id: string }[] }>().shows.map((s) => s.id);
      return { loaded: loaded(statements), ids };
    };
    const band = await member(t, 'performer', { artistName: 'Far And Near' });
    const boston = { near: '02108', radius: '25' };
    const denver = { near: '80202', radius: '25' };
    await asked(boston);
    await asked(denver);
    expect((await asked(boston)).loaded).toBe(false);
    expect((await asked(denver)).loaded).toBe(false);

    // A show in Boston: Boston's listing goes (once it has, the notice was heard), Denver's stays.
    const inBoston = await insertShow(t, band.id, northOf(zipPoint('02108'), 3));
    await eventually(async () => (await asked(boston)).loaded);
    expect((await asked(denver)).loaded).toBe(false);

    // A show 24 miles north of Denver, in the cell north of Denver's own: the listing goes, and
    // lists it.
    const downtown = zipPoint('80202');
    const north = northOf(downtown, 24);
    expect(cellOf(north.latitude, north.longitude).lat).toBe(
      cellOf(downtown.latitude, downtown.longitude).lat + 1,
    );
    const nearDenver = await insertShow(t, band.id, north);
    const after = await eventually(async () => {
      const page = await asked(denver);
      return page.loaded && page;
    });
    expect(after.ids).toContain(nearDenver);
    expect((await listNear(t, boston)).body.shows.map((s) => s.id)).toContain(inBoston);
  });
});
