/**
 * Fans in reach of each venue, from fans counted per home point and radius: a fan counts for a
 * venue when the venue lies within the fan's own radius of home — the alert matcher's rule, with
 * earthdistance's sphere and great-circle distance, so the planner and the alerts agree on who is
 * "near". Pure: the repository reads the counts, this pairs them with the venues.
 */

import { EARTH_RADIUS_M, METERS_PER_MILE } from '../earth.ts';

/** The largest radius a fan may choose (fan_profiles' CHECK). */
const MAX_RADIUS_MILES = 100;
const RAD = Math.PI / 180;

export type FansAtPlace = {
  latitude: number;
  longitude: number;
  /** Parallel arrays: for each radius in miles, how many followers and other genre fans. */
  radii: number[];
  followers: number[];
  genreFans: number[];
};

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

/** For each venue (by index), its followers and genre fans in reach. */
export function fansInReach(
  venues: { latitude: number; longitude: number }[],
  places: FansAtPlace[],
): { followers: number; genreFans: number }[] {
  // A degree of latitude is ~69 mi everywhere: a cheap first cut before the exact distance.
  const maxDegrees = (MAX_RADIUS_MILES * METERS_PER_MILE) / (EARTH_RADIUS_M * RAD) + 0.01;
  return venues.map((venue) => {
    let followers = 0;
    let genreFans = 0;
    for (const place of places) {
      if (Math.abs(place.latitude - venue.latitude) > maxDegrees) continue;
      const meters = earthMeters(venue, place);
      if (meters > MAX_RADIUS_MILES * METERS_PER_MILE) continue;
      for (let k = 0; k < place.radii.length; k += 1) {
        if (meters <= (place.radii[k] ?? 0) * METERS_PER_MILE) {
          followers += place.followers[k] ?? 0;
          genreFans += place.genreFans[k] ?? 0;
        }
      }
    }
    return { followers, genreFans };
  });
}
