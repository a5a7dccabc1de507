import { describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { checkedTimeZoneAt, timeZoneAt } from '../../src/domain/time-zone-at.ts';
import { findZipHome } from '../../src/domain/zip-location.ts';
import { ZIP_TIME_ZONE_FIXES } from '../../src/domain/zip-time-zone-fixes.ts';

function home(zipCode: string) {
  const found = findZipHome(zipCode);
  if (!found) throw new Error(`${zipCode} is not in the bundled ZIP table`);
  return found;
}

/** The zone announcing decides: the venue's ZIP and its centre. */
const zoneWithZip = (zipCode: string) => {
  const { latitude, longitude, state } = home(zipCode);
  return timeZoneAt(latitude, longitude, state, zipCode);
};
/** The zone from the centre alone, as the start-up fix reads a stored show's row. */
const zoneOfCentre = (zipCode: string) => {
  const { latitude, longitude, state } = home(zipCode);
  return timeZoneAt(latitude, longitude, state);
};
const zoneWithoutTable = (zipCode: string) => {
  const { latitude, longitude, state } = home(zipCode);
  return checkedTimeZoneAt(latitude, longitude, state);
};

describe('zone-line ZIPs get geo-tz’s zone from the ZIP table', () => {
  it.each([
    // The three places decision 020 named: an hour off before the table.
    ['Williston, ND', '58801', 'America/Denver', 'America/Chicago'],
    ['Phenix City, AL', '36869', 'America/Chicago', 'America/New_York'],
    ['Iron River, MI', '49935', 'America/Detroit', 'America/Menominee'],
    // One ZIP for each state and pair of zones the table moves between (geo-tz 8.1.9's zone).
    ['Blountstown, FL', '32424', 'America/New_York', 'America/Chicago'],
    ['Fort Mitchell, AL', '36856', 'America/New_York', 'America/Chicago'],
    ['Grandview, TN', '37337', 'America/Chicago', 'America/New_York'],
    ['Crab Orchard, TN', '37723', 'America/New_York', 'America/Chicago'],
    ['Russell Springs, KY', '42642', 'America/New_York', 'America/Chicago'],
    ['Alpha, KY', '42603', 'America/Kentucky/Monticello', 'America/Chicago'],
    ['Upton, KY', '42784', 'America/Chicago', 'America/New_York'],
    ['Rolling Prairie, IN', '46371', 'America/Indiana/Indianapolis', 'America/Chicago'],
    ['Ora, IN', '46968', 'America/Indiana/Winamac', 'America/Indiana/Knox'],
    ['Derby, IN', '47525', 'America/Indiana/Marengo', 'America/Indiana/Tell_City'],
    ['Elberfeld, IN', '47613', 'America/Indiana/Petersburg', 'America/Chicago'],
    ['Cayuga, IN', '47928', 'America/Chicago', 'America/Indiana/Indianapolis'],
    ['Bark River, MI', '49807', 'America/Menominee', 'America/Detroit'],
    ['Fort Pierre, SD', '57532', 'America/Chicago', 'America/Denver'],
    ['Mobridge, SD', '57601', 'America/Denver', 'America/Chicago'],
    ['New Salem, ND', '58563', 'America/Denver', 'America/North_Dakota/New_Salem'],
    ['Bird City, KS', '67731', 'America/Denver', 'America/Chicago'],
    ['Mullen, NE', '69152', 'America/Chicago', 'America/Denver'],
    ['White Bird, ID', '83554', 'America/Boise', 'America/Los_Angeles'],
    ['Warren, ID', '83671', 'America/Los_Angeles', 'America/Boise'],
    ['Colorado City, AZ', '86021', 'America/Denver', 'America/Phoenix'],
    ['Gray Mountain, AZ', '86016', 'America/Phoenix', 'America/Denver'],
    ['Baker, NV', '89311', 'America/Denver', 'America/Los_Angeles'],
    ['Halfway, OR', '97834', 'America/Boise', 'America/Los_Angeles'],
    ['Jamieson, OR', '97909', 'America/Los_Angeles', 'America/Boise'],
    ['Nikolski, AK', '99638', 'America/Adak', 'America/Nome'],
    ['Wake Island, HI', '96898', 'Pacific/Honolulu', 'Pacific/Tarawa'],
  ])('%s (%s): the lookup alone says %s, the table %s', (_place, zipCode, lookupZone, zone) => {
    expect(zoneWithoutTable(zipCode)).toBe(lookupZone);
    expect(zoneWithZip(zipCode)).toBe(zone);
    expect(zoneOfCentre(zipCode)).toBe(zone);
  });

  it('leaves every ZIP outside the table to the checked lookup, with or without its ZIP', () => {
    let outside = 0;
    for (const code of Object.values(zipcodes.codes)) {
      if (code.country !== 'US' || ZIP_TIME_ZONE_FIXES[code.zip]) continue;
      outside += 1;
      const lookup = checkedTimeZoneAt(code.latitude, code.longitude, code.state);
      // Compared only on a mismatch: 44k expect() calls would be most of the test's time.
      const withZip = timeZoneAt(code.latitude, code.longitude, code.state, code.zip);
      const centreOnly = timeZoneAt(code.latitude, code.longitude, code.state);
      if (withZip !== lookup || centreOnly !== lookup) {
        expect({ zip: code.zip, withZip, centreOnly }).toEqual({
          zip: code.zip,
          withZip: lookup,
          centreOnly: lookup,
        });
      }
    }
    expect(outside).toBeGreaterThan(41_000);
    expect(zoneWithZip('37902')).toBe('America/New_York'); // Knoxville: the lookup was right
  });

  it('a ZIP the caller gives decides, not coordinates that happen to be a table ZIP’s centre', () => {
    const williston = home('58801');
    // Dickinson's ZIP (not in the table) with Williston's centre: the ZIP rules out the table.
    expect(timeZoneAt(williston.latitude, williston.longitude, 'ND', '58601')).toBe(
      checkedTimeZoneAt(williston.latitude, williston.longitude, 'ND'),
    );
    // A point near, but not at, Williston's centre is not the ZIP: the lookup decides.
    expect(timeZoneAt(williston.latitude + 0.001, williston.longitude, 'ND')).toBe(
      checkedTimeZoneAt(williston.latitude + 0.001, williston.longitude, 'ND'),
    );
  });

  it('holds only real ZIPs with zones Intl knows, each still fixing the lookup (not stale)', () => {
    const entries = Object.entries(ZIP_TIME_ZONE_FIXES);
    expect(entries.length).toBe(120);
    for (const [zipCode, zone] of entries) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
      expect(zoneWithoutTable(zipCode)).not.toBe(zone);
    }
  });
});
