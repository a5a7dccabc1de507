/**
 * The map cut into cells of one degree of latitude by one of longitude, so a change to a show
 * drops only the city listings that could hold it (decision 055). A show stands in one cell
 * (`cellOf`); a listing's circle touches a few (`cellsWithin`: 1–4 at 25 miles, 80 at 250 around
 * New York, of the ~1,000 the lower 48 span). Migration 0055 names the cell of each show a change
 * adds, removes or moves with the same arithmetic in SQL (`floor` of each, the longitude wrapped
 * into -180..179), so the two must stay alike: test/city-shows/listing-cells.test.ts compares them.
 */
import { EARTH_RADIUS_M, RAD } from './earth.ts';

export type Cell = { lat: number; lon: number };

/**
 * A hair over the circle (~0.6 m, radians): a show at the radius' edge, as the listing's SQL
 * measures it, is always inside the cells, whatever the last bits of either calculation.
 */
const EDGE_MARGIN = 1e-7;

/** A whole degree of longitude into -180..179: 180 is -180, and 181 is -179. */
const wrapped = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;

/** The cell a point stands in. */
export function cellOf(latitude: number, longitude: number): Cell {
  return { lat: Math.floor(latitude), lon: wrapped(Math.floor(longitude)) };
}

/** Whole degrees from `first` to `last`, both included. */
const degrees = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, i) => first + i);

/**
 * Every cell holding a point within `meters` of the centre, on earthdistance's sphere (the
 * listing's own distance). North and south the circle reaches its radius in degrees; east and
 * west, the widest a great circle gets from the centre's meridian, asin(sin r / cos φ). A circle
 * over a pole takes every longitude; one across the 180th meridian takes cells from both sides.
 */
export function cellsWithin(latitude: number, longitude: number, meters: number): Cell[] {
  const reach = meters / EARTH_RADIUS_M + EDGE_MARGIN;
  const south = Math.max(-90, latitude - reach / RAD);
  const north = Math.min(90, latitude + reach / RAD);
  const lats = degrees(Math.floor(south), Math.floor(north));
  const overPole = Math.abs(latitude) * RAD + reach >= Math.PI / 2;
  const spread = overPole ? 180 : Math.asin(Math.sin(reach) / Math.cos(latitude * RAD)) / RAD;
  const lons =
    spread >= 180
      ? degrees(-180, 179)
      : [
          ...new Set(
            degrees(Math.floor(longitude - spread), Math.floor(longitude + spread)).map(wrapped),
          ),
        ];
  return lats.flatMap((lat) => lons.map((lon) => ({ lat, lon })));
}
