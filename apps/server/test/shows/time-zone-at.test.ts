import { describe, expect, it } from 'vitest';
import { STATE_OTHER_TIME_ZONES, STATE_TIME_ZONES } from '../../src/domain/state-time-zone.ts';
import { timeZoneAt } from '../../src/domain/time-zone-at.ts';
import { locateZip } from '../../src/domain/zip-location.ts';
import { localToUtc, utcToLocal } from '../../src/lib/local-time.ts';

/** A venue's zone as the server decides it: from its ZIP's coordinates, checked by its state. */
function zoneOfZip(zipCode: string, state: string): string {
  const { latitude, longitude } = locateZip(zipCode);
  return timeZoneAt(latitude, longitude, state);
}

describe('timeZoneAt: the zone of the venue’s place, not of its state', () => {
  it.each([
    // Each of the first three had its state's zone before, an hour off.
    ['Knoxville', '37902', 'TN', 'America/New_York'],
    ['El Paso', '79901', 'TX', 'America/Denver'],
    ['Pensacola', '32501', 'FL', 'America/Chicago'],
    ['Nashville', '37203', 'TN', 'America/Chicago'],
    ['Miami', '33101', 'FL', 'America/New_York'],
    ['Phoenix', '85004', 'AZ', 'America/Phoenix'],
    ['Indianapolis', '46204', 'IN', 'America/Indiana/Indianapolis'],
    ['Gary', '46402', 'IN', 'America/Chicago'],
    ['Boise', '83702', 'ID', 'America/Boise'],
    ['Coeur d’Alene', '83814', 'ID', 'America/Los_Angeles'],
  ])('%s (%s, %s) is in %s', (_city, zipCode, state, zone) => {
    expect(zoneOfZip(zipCode, state)).toBe(zone);
  });

  it('keeps the state’s zone when the coarse lookup strays over a state line no zone follows', () => {
    // Cave Spring, Georgia: the lookup's grid answers Central, but all of Georgia is Eastern.
    expect(zoneOfZip('30124', 'GA')).toBe('America/New_York');
  });

  it('falls back to the state’s zone without usable coordinates', () => {
    expect(timeZoneAt(null, null, 'TX')).toBe('America/Chicago');
    expect(timeZoneAt(Number.NaN, -84, 'TN')).toBe('America/Chicago');
    expect(timeZoneAt(123, 456, 'AZ')).toBe('America/Phoenix');
  });

  it('trusts the coordinates when there is no known state to check them against', () => {
    expect(timeZoneAt(35.96, -83.92, '')).toBe('America/New_York');
  });

  it('knows every zone it can answer', () => {
    const zones = [...Object.values(STATE_TIME_ZONES), ...Object.values(STATE_OTHER_TIME_ZONES)];
    for (const zone of zones.flat()) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
    }
    for (const state of Object.keys(STATE_OTHER_TIME_ZONES))
      expect(STATE_TIME_ZONES).toHaveProperty(state);
  });
});

describe('a show’s local 20:00 across daylight-saving changes, in the venue’s zone', () => {
  const knoxville = zoneOfZip('37902', 'TN');
  const phoenix = zoneOfZip('85004', 'AZ');

  it.each([
    // 2027: clocks go forward on 14 March and back on 7 November.
    ['2027-03-13T20:00', knoxville, '2027-03-14T01:00:00.000Z'], // EST, UTC-5
    ['2027-03-14T20:00', knoxville, '2027-03-15T00:00:00.000Z'], // EDT, UTC-4
    ['2027-11-06T20:00', knoxville, '2027-11-07T00:00:00.000Z'], // EDT
    ['2027-11-07T20:00', knoxville, '2027-11-08T01:00:00.000Z'], // EST
    // Phoenix keeps UTC-7 all year.
    ['2027-03-13T20:00', phoenix, '2027-03-14T03:00:00.000Z'],
    ['2027-03-14T20:00', phoenix, '2027-03-15T03:00:00.000Z'],
    ['2027-11-07T20:00', phoenix, '2027-11-08T03:00:00.000Z'],
  ])('%s in %s is %s, and reads back as 20:00 there', (local, zone, utc) => {
    const instant = localToUtc(local, zone);
    expect(instant.toISOString()).toBe(utc);
    expect(utcToLocal(instant, zone)).toBe(local);
  });
});
