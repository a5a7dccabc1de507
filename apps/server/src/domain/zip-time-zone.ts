import zipcodes from 'zipcodes';
import { ZIP_TIME_ZONE_FIXES } from './zip-time-zone-fixes.ts';

let byCentre: Map<string, string> | null = null;

const centreKey = (latitude: number, longitude: number) => `${latitude},${longitude}`;

/**
 * The zone the ZIP table (zip-time-zone-fixes.ts) gives this place, or null: then the coordinate
 * lookup decides. A ZIP, when the caller has one, decides alone: a ZIP not in the table is not
 * fixed even if its centre is a table ZIP's (834 centres are shared by several ZIPs).
 *
 * Without a ZIP (a show row keeps only its coordinates; a venue's ZIP may have changed since),
 * coordinates exactly equal to a table ZIP's centre in the bundled `zipcodes` data count as that
 * ZIP: venue profiles and external venues are placed at their ZIP's centre, so a show there carries
 * those very numbers, and a place typed or averaged elsewhere never matches by chance. A table
 * centre shared with a ZIP outside the table is left out of this map (its ZIPs then need their ZIP
 * passed); none is today, which the generator's centre-only figure and the tests check.
 */
export function zipTimeZoneFix(
  zipCode: string | null | undefined,
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): string | null {
  if (zipCode) return ZIP_TIME_ZONE_FIXES[zipCode] ?? null;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  byCentre ??= centresOfTableZips();
  return byCentre.get(centreKey(latitude, longitude)) ?? null;
}

/** Centres shared with a ZIP outside the table, or by table ZIPs of different zones, are left out. */
function centresOfTableZips(): Map<string, string> {
  const zonesAt = new Map<string, Set<string | null>>();
  for (const zip of Object.keys(ZIP_TIME_ZONE_FIXES)) {
    const code = zipcodes.lookup(zip);
    if (code) zonesAt.set(centreKey(code.latitude, code.longitude), new Set());
  }
  for (const code of Object.values(zipcodes.codes)) {
    zonesAt
      .get(centreKey(code.latitude, code.longitude))
      ?.add(ZIP_TIME_ZONE_FIXES[code.zip] ?? null);
  }
  const centres = new Map<string, string>();
  for (const [key, zones] of zonesAt) {
    const [only] = zones;
    if (zones.size === 1 && only) centres.set(key, only);
  }
  return centres;
}
