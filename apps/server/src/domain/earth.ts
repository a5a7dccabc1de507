/**
 * The sphere distances are measured on, in one place: earthdistance's (its `earth()` radius), so
 * the SQL (repositories/earth-sql.repo.ts) and the pure calculations (the tour planner's fans in reach)
 * agree on who is near, and the one mile every radius is stated in.
 */
export const EARTH_RADIUS_M = 6_378_168;
export const METERS_PER_MILE = 1609.344;

/** Degrees to radians. */
export const RAD = Math.PI / 180;

/** Great-circle metres on earthdistance's sphere (haversine: stable for short distances). */
export function earthMeters(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const dLat = (b.latitude - a.latitude) * RAD;
  const dLon = (b.longitude - a.longitude) * RAD;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * RAD) * Math.cos(b.latitude * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
