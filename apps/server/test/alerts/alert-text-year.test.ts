import { describe, expect, it } from 'vitest';
import { type AlertFacts, alertBody, showDay } from '../../src/texts/alert-text.ts';

// A show's date in an alert said no year, so "Sat, Jan 9" read in November
// (or an old alert read a year later) left the fan to guess which January.
const facts = (startsAt: string): AlertFacts => ({
  kind: 'announced',
  artist: 'Night Static',
  venue: 'The Lantern',
  city: 'Chicago',
  state: 'IL',
  startsAt: new Date(startsAt),
  timeZone: 'America/Chicago',
});
const november2026 = new Date('2026-11-27T15:00:00Z');

describe("an alert's show date", () => {
  it('leaves the year out for a show in the current year', () => {
    const show = facts('2026-12-12T02:00:00Z'); // Dec 11, 8:00 PM in Chicago
    expect(alertBody(show, november2026)).toBe('Fri, Dec 11, 8:00 PM · The Lantern, Chicago, IL');
    expect(showDay(show, november2026)).toBe('Dec 11');
  });

  it('says the year for a show in another year, before or after this one', () => {
    const next = facts('2027-01-10T02:00:00Z'); // Jan 9, 2027, 8:00 PM in Chicago
    expect(alertBody(next, november2026)).toBe(
      'Sat, Jan 9, 2027, 8:00 PM · The Lantern, Chicago, IL',
    );
    expect(showDay(next, november2026)).toBe('Jan 9, 2027');
    const last = facts('2025-06-15T01:00:00Z');
    expect(alertBody(last, november2026)).toBe(
      'Sat, Jun 14, 2025, 8:00 PM · The Lantern, Chicago, IL',
    );
  });

  it("counts the year in the venue's zone: 9 PM on Dec 31 in Chicago is still this year", () => {
    const newYearsEve = facts('2027-01-01T03:00:00Z');
    expect(alertBody(newYearsEve, november2026)).toBe(
      'Thu, Dec 31, 9:00 PM · The Lantern, Chicago, IL',
    );
  });
});
