/**
 * Fans in reach of each venue, from fans counted per home point and radius: a fan counts for a
 * venue when the venue lies within the fan's own radius of home — the alert matcher's rule, with
 * earthdistance's sphere and great-circle distance, so the planner and the alerts agree on who is
 * "near". Pure: the repository reads the counts, this pairs them with the venues.
 */

import { EARTH_RADIUS_M, earthMeters, METERS_PER_MILE, RAD } from '../earth.ts';

/** The largest radius a fan may choose (fan_profiles' CHECK). */
const MAX_RADIUS_MILES = 100;

export type FansAtPlace = {
  latitude: number;
  longitude: number;
  /** Parallel arrays: for each radius in miles, how many followers and other genre fans. */
  radii: number[];
  followers: number[];
  genreFans: number[];
};

/** A degree of latitude is ~69 mi everywhere: how far north or south a fan in reach can live. */
const MAX_DEGREES = (MAX_RADIUS_MILES * METERS_PER_MILE) / (EARTH_RADIUS_M * RAD) + 0.01;

/**
 * A latitude/longitude box holding every point within the largest radius of some venue: the
 * homes worth reading. Longitude is left open (null) near a pole or across the 180th meridian,
 * where a box in degrees would not hold them all.
 */
export function reachBox(venues: { latitude: number; longitude: number }[]): {
  latitudes: [number, number];
  longitudes: [number, number] | null;
} {
  const lats = venues.map((v) => v.latitude);
  const lons = venues.map((v) => v.longitude);
  const south = Math.min(...lats) - MAX_DEGREES;
  const north = Math.max(...lats) + MAX_DEGREES;
  const widest = Math.max(Math.abs(south), Math.abs(north));
  if (widest >= 89) return { latitudes: [south, north], longitudes: null };
  // A degree of longitude shrinks with cos(latitude): the box's widest margin is at its edge
  // nearest a pole.
  const margin = MAX_DEGREES / Math.cos(widest * RAD);
  const west = Math.min(...lons) - margin;
  const east = Math.max(...lons) + margin;
  return { latitudes: [south, north], longitudes: west < -180 || east > 180 ? null : [west, east] };
}

/** The first index whose latitude is at least `latitude` (the list is sorted by latitude). */
function firstAtOrAbove(places: FansAtPlace[], latitude: number): number {
  let low = 0;
  let high = places.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((places[mid] as FansAtPlace).latitude < latitude) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * For each venue (by index), its followers and genre fans in reach. The points are sorted by
 * latitude once; each venue then walks only its band of ±MAX_DEGREES (found by binary search),
 * skips what is too far east or west, and takes the exact distance of the rest. Counts add, so a place may carry negative counts (the
 * followers taken out of the genre fans, repositories/tour-planner/fan-homes.repo.ts).
 */
export function fansInReach(
  venues: { latitude: number; longitude: number }[],
  places: FansAtPlace[],
): { followers: number; genreFans: number }[] {
  const byLatitude = [...places].sort((a, b) => a.latitude - b.latitude);
  return venues.map((venue) => {
    let followers = 0;
    let genreFans = 0;
    const north = venue.latitude + MAX_DEGREES;
    // East and west, a point in reach is at most this many degrees away (wider nearer a pole; a
    // safe bound, the exact distance decides); none near a pole.
    const nearest = Math.abs(venue.latitude) + MAX_DEGREES;
    const east = nearest >= 89 ? 360 : MAX_DEGREES / Math.cos(nearest * RAD);
    let i = firstAtOrAbove(byLatitude, venue.latitude - MAX_DEGREES);
    for (; i < byLatitude.length; i += 1) {
      const place = byLatitude[i] as FansAtPlace;
      if (place.latitude > north) break;
      const degrees = Math.abs(place.longitude - venue.longitude);
      if (Math.min(degrees, 360 - degrees) > east) continue;
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

/** Fans who asked for a show at one place, all with one radius (repositories' RequestDemand). */
export type RequestsAtPlace = {
  city: string;
  latitude: number;
  longitude: number;
  radius: number;
  fans: number;
};

/**
 * For each venue, the fans with an open request for a show whose place lies within their own
 * radius of it (the matcher's rule for alerting them when the show is announced), and the city
 * most of them asked for. A few hundred places at most, so a plain walk.
 */
export function requestsInReach(
  venues: { latitude: number; longitude: number }[],
  places: RequestsAtPlace[],
): { fans: number; city: string | null }[] {
  return venues.map((venue) => {
    const byCity = new Map<string, number>();
    for (const place of places) {
      if (earthMeters(venue, place) > place.radius * METERS_PER_MILE) continue;
      byCity.set(place.city, (byCity.get(place.city) ?? 0) + place.fans);
    }
    let fans = 0;
    let city: string | null = null;
    for (const [name, n] of byCity) {
      fans += n;
      if (city === null || n > (byCity.get(city) ?? 0)) city = name;
    }
    return { fans, city };
  });
}
