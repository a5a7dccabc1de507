import { timeZoneAt } from './time-zone-at.ts';
import { findZipHome } from './zip-location.ts';

const zones = new Map<string, string | null>();

/**
 * A fan's own time zone, from the home ZIP their profile keeps: the zone of that ZIP's place,
 * found as a show's is found from its venue's (timeZoneAt with the ZIP and its centre, which is
 * where the profile puts the fan's home). Not stored: it follows from the ZIP, so it can never
 * disagree with it. Kept per ZIP in memory (at most the ~42k US ZIPs, a few in practice), because
 * dispatch asks once per message at fan-out scale. Null without a ZIP, or for one the bundled
 * table does not know.
 */
export function homeTimeZone(zipCode: string | null | undefined): string | null {
  if (!zipCode) return null;
  let zone = zones.get(zipCode);
  if (zone === undefined) {
    const home = findZipHome(zipCode);
    zone = home ? timeZoneAt(home.latitude, home.longitude, home.state, zipCode) : null;
    zones.set(zipCode, zone);
  }
  return zone;
}
