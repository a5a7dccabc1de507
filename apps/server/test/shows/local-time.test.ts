import { describe, expect, it } from 'vitest';
import { STATE_TIME_ZONES, stateTimeZone } from '../../src/domain/state-time-zone.ts';
import { LocalTimeError, localToUtc, utcToLocal } from '../../src/lib/local-time.ts';

describe('local time ↔ UTC', () => {
  it.each([
    ['2026-07-04T20:00', 'America/New_York', '2026-07-05T00:00:00.000Z'],
    ['2026-01-10T20:00', 'America/New_York', '2026-01-11T01:00:00.000Z'],
    ['2026-07-04T20:00', 'America/Phoenix', '2026-07-05T03:00:00.000Z'],
    ['2026-01-04T20:00', 'America/Phoenix', '2026-01-05T03:00:00.000Z'],
    ['2026-07-04T20:00', 'Pacific/Honolulu', '2026-07-05T06:00:00.000Z'],
    ['2026-03-08T03:30', 'America/Chicago', '2026-03-08T08:30:00.000Z'],
    // The spring-forward gap: 02:30 does not exist, so it is the instant clocks show 03:30.
    ['2026-03-08T02:30', 'America/New_York', '2026-03-08T07:30:00.000Z'],
    // Autumn: 01:30 happens twice; the first (daylight) one is meant.
    ['2026-11-01T01:30', 'America/New_York', '2026-11-01T05:30:00.000Z'],
  ])('%s in %s is %s', (local, zone, utc) => {
    expect(localToUtc(local, zone).toISOString()).toBe(utc);
  });

  it('round-trips through the zone', () => {
    const instant = new Date('2026-12-31T23:45:00.000Z');
    expect(utcToLocal(instant, 'America/Los_Angeles')).toBe('2026-12-31T15:45');
    expect(localToUtc('2026-12-31T15:45', 'America/Los_Angeles')).toEqual(instant);
  });
});

describe('state time zones', () => {
  it('cover all 50 states and DC with zones Intl knows', () => {
    expect(Object.keys(STATE_TIME_ZONES)).toHaveLength(51);
    for (const zone of Object.values(STATE_TIME_ZONES)) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
    }
    expect(stateTimeZone('NY')).toBe('America/New_York');
    expect(stateTimeZone('AZ')).toBe('America/Phoenix');
    expect(stateTimeZone('HI')).toBe('Pacific/Honolulu');
  });
});

describe('impossible local date-times', () => {
  it.each([
    ['2027-02-30T20:00', 'Please enter a real date and time'],
    ['2027-13-01T20:00', 'Please enter a real date and time'],
    ['2027-03-01T24:00', 'Please enter a real date and time'],
    ['9999-12-31T23:59', 'Date must be within the next 5 years'],
    ['0001-01-01T00:00', 'Date must be within the last 10 years'],
  ])('%s is refused, never rolled into another date', (local, message) => {
    expect(() => localToUtc(local, 'America/New_York')).toThrow(new LocalTimeError(message));
  });
});
