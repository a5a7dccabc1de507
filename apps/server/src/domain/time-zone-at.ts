import tzLookup from '@photostructure/tz-lookup';
import { STATE_OTHER_TIME_ZONES, STATE_TIME_ZONES, stateTimeZone } from './state-time-zone.ts';
import { zipTimeZoneFix } from './zip-time-zone.ts';

/**
 * The IANA zone a show's local times are read in: where the venue is, not which state it is in
 * (Knoxville keeps Eastern time though most of Tennessee is Central). Every place that decides a
 * show's zone calls this, with the venue profile's coordinates or, for an external venue, its
 * ZIP's, and the ZIP itself wherever the caller has it.
 *
 * First the ZIP table of zone-line places (domain/zip-time-zone.ts, generated from geo-tz): a
 * ZIP in it has that zone. Without a ZIP, coordinates that are exactly the centre of a table ZIP
 * count as that ZIP, since every stored place is a ZIP's centre (see zipTimeZoneFix). Otherwise
 * see checkedTimeZoneAt.
 */
export function timeZoneAt(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
  state: string,
  zipCode?: string | null,
): string {
  return (
    zipTimeZoneFix(zipCode, latitude, longitude) ?? checkedTimeZoneAt(latitude, longitude, state)
  );
}

/**
 * The lookup without the ZIP table: @photostructure/tz-lookup (offline, ~73 kB) is a coarse grid
 * and errs near zone lines, sometimes across a state line that no zone line follows (a few Georgia
 * ZIPs came back Central). So its answer is kept only when it is a zone the venue's state really
 * has; otherwise, and when there are no usable coordinates, the state's main zone is the answer.
 * Exported for the table's generator (scripts/zip-time-zone-fixes.ts), which lists where this
 * disagrees with geo-tz.
 */
export function checkedTimeZoneAt(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
  state: string,
): string {
  const found = lookup(latitude, longitude);
  if (found === null) return stateTimeZone(state);
  const main = STATE_TIME_ZONES[state as keyof typeof STATE_TIME_ZONES];
  if (main === undefined) return found; // no known state to check the answer against
  const others: readonly string[] = STATE_OTHER_TIME_ZONES[state] ?? [];
  return found === main || others.includes(found) ? found : main;
}

function lookup(latitude: number | null | undefined, longitude: number | null | undefined) {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  try {
    return tzLookup(latitude, longitude);
  } catch {
    return null; // out-of-range coordinates: the state decides
  }
}
