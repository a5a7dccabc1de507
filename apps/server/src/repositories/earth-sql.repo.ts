import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { EARTH_RADIUS_M } from '../domain/earth.ts';

/**
 * earthdistance's ll_to_earth, earth_box and earth_distance, spelled out in SQL with the same
 * arithmetic (so the same floats). They are SQL functions Postgres does not inline (strict, with
 * a CASE or the earth domain's cast), and Postgres 17 parses and plans such a function's body
 * again at each call site on every run of a statement: ~35 µs each (Your Alerts had six, a third of
 * its Postgres time; docs/performance.md). A GiST index's own expression, `ll_to_earth(latitude,
 * longitude)`, stays as it is where the index is matched: an index condition is never evaluated.
 */
const EARTH_M = sql.raw(`'${EARTH_RADIUS_M}'::float8`);

/** ll_to_earth(lat, lon): the point on the earth's surface, as a cube. */
export const earthPoint = (lat: SQL, lon: SQL) =>
  sql`cube(cube(cube(${EARTH_M} * cos(radians(${lat})) * cos(radians(${lon}))),
    ${EARTH_M} * cos(radians(${lat})) * sin(radians(${lon}))), ${EARTH_M} * sin(radians(${lat})))`;

/** gc_to_sec(meters): the straight-line (chord) length of a great-circle distance. */
export const gcToSec = (meters: SQL) => sql`(case when ${meters} < 0 then 0::float8
  when ${meters} / ${EARTH_M} > pi() then 2 * ${EARTH_M}
  else 2 * ${EARTH_M} * sin(${meters} / (2 * ${EARTH_M})) end)`;

/** earth_box(point, meters): the cube around a point that holds every point that near. */
export const earthBox = (point: SQL, meters: SQL) =>
  sql`cube_enlarge(${point}, ${gcToSec(meters)}, 3)`;

/**
 * earth_distance(point, ll_to_earth(row.latitude, row.longitude)) in meters; `row` is an alias.
 * sec_to_gc's CASE computed the chord up to three times a row; this computes it once, with the same
 * floats: a cube_distance is never negative, and where rounding takes the chord past 2R, asin(1) *
 * 2R is exactly pi() * R (every demo show against every venue, 200 random points and 50 antipodes:
 * bit for bit the same as earth_distance). float8smaller, not least(): least ignores a null, and a
 * point without coordinates must stay null (a fan without a home), as earth_distance's is.
 */
export const metersBetween = (point: SQL, row: SQL) => {
  const chord = sql`cube_distance(${point}, ${earthPoint(sql`${row}.latitude`, sql`${row}.longitude`)})`;
  return sql`(2 * ${EARTH_M} * asin(float8smaller(${chord} / (2 * ${EARTH_M}), 1::float8)))`;
};

const dialect = new PgDialect();
/**
 * A fragment without values rendered to its text once, for a module's constants: drizzle walks
 * every nested piece of a statement on each run, and these spelled-out forms have many (the city
 * listing's distance and box took ~65 µs of Node a request to render).
 */
export const rendered = (fragment: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0)
    throw new Error('rendered(): the fragment has values; pass them at run time');
  return sql.raw(text);
};
