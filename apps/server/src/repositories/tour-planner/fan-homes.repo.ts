import type { FansAtPlace } from '../../domain/tour-planner/fans-in-reach.ts';

/** fan_homes.packed's record (migration 0047): int2 radius, int4 genre list id, int4 fans. */
const ENTRY_BYTES = 10;
/**
 * fanHomesSql's record of a row: float8 latitude, float8 longitude, 1 byte (1: a followers' row),
 * int4 length of packed, then packed.
 */
const ROW_HEAD_BYTES = 21;

const int32At = (b: Buffer, at: number) =>
  ((b[at] as number) << 24) |
  ((b[at + 1] as number) << 16) |
  ((b[at + 2] as number) << 8) |
  (b[at + 3] as number);

/**
 * fan_homes' rows, as fanHomesSql sends them, as places for the pairing
 * (domain/tour-planner/fans-in-reach.ts): the demand the old per-plan grouping of fan profiles
 * gave, exactly. Every fan's row counts its fans of the
 * artist's genres (genre lists in `inGenres`) as genre fans; a followers' row counts them all as
 * followers and takes those of the artist's genres back out of the genre fans, as a follower is
 * counted once, as a follower. The rows of one point make one place, with one count per radius.
 */
export function placesFromFanHomes(homes: Buffer, inGenres: readonly number[]): FansAtPlace[] {
  const counted = new Uint8Array(Math.max(0, ...inGenres) + 1);
  for (const id of inGenres) counted[id] = 1;
  // Latitude, then longitude → the point's place.
  const byPoint = new Map<number, Map<number, FansAtPlace>>();
  for (let head = 0; head + ROW_HEAD_BYTES <= homes.length; ) {
    const row = {
      latitude: homes.readDoubleBE(head),
      longitude: homes.readDoubleBE(head + 8),
      followers: homes[head + 16] === 1,
    };
    const start = head + ROW_HEAD_BYTES;
    const end = start + int32At(homes, head + 17);
    head = end;
    let atLatitude = byPoint.get(row.latitude);
    if (!atLatitude) {
      atLatitude = new Map();
      byPoint.set(row.latitude, atLatitude);
    }
    let place = atLatitude.get(row.longitude);
    if (!place) {
      place = {
        latitude: row.latitude,
        longitude: row.longitude,
        radii: [],
        followers: [],
        genreFans: [],
      };
      atLatitude.set(row.longitude, place);
    }
    for (let at = start; at + ENTRY_BYTES <= end; at += ENTRY_BYTES) {
      const id = int32At(homes, at + 2);
      const inGenre = id < counted.length && counted[id] === 1;
      if (!row.followers && !inGenre) continue;
      const radius = ((homes[at] as number) << 8) | (homes[at + 1] as number);
      const fans = int32At(homes, at + 6);
      // A place's radii are few (19 at most): find or add its slot, from the last.
      let k = place.radii.length - 1;
      while (k >= 0 && place.radii[k] !== radius) k -= 1;
      if (k < 0) {
        k = place.radii.length;
        place.radii.push(radius);
        place.followers.push(0);
        place.genreFans.push(0);
      }
      if (row.followers) {
        place.followers[k] = (place.followers[k] as number) + fans;
        if (inGenre) place.genreFans[k] = (place.genreFans[k] as number) - fans;
      } else {
        place.genreFans[k] = (place.genreFans[k] as number) + fans;
      }
    }
  }
  const places: FansAtPlace[] = [];
  for (const atLatitude of byPoint.values()) {
    for (const place of atLatitude.values()) if (place.radii.length > 0) places.push(place);
  }
  return places;
}
