import { describe, expect, it } from 'vitest';
import { homeTimeZone } from '../../src/domain/home-time-zone.ts';
import { type AlertFacts, alertBody } from '../../src/texts/alert-text.ts';

// An alert's time names its zone when the fan's own zone tells it otherwise.
const show = (startsAt: string, timeZone: string): AlertFacts => ({
  kind: 'announced',
  artist: 'Night Static',
  venue: 'The Lantern',
  city: 'Somewhere',
  state: 'US',
  startsAt: new Date(startsAt),
  timeZone,
});
const november2026 = new Date('2026-11-27T15:00:00Z');
const when = (facts: AlertFacts, reader: string | null | undefined) =>
  alertBody(facts, november2026, reader).split(' · ')[0];

describe("an alert's time and its reader's zone", () => {
  const chicago = show('2026-12-29T02:00:00Z', 'America/Chicago'); // Dec 28, 8:00 PM there

  it("names the venue's zone for a reader elsewhere, and not for one in the same zone", () => {
    expect(when(chicago, 'America/New_York')).toBe('Mon, Dec 28, 8:00 PM CST');
    expect(when(chicago, 'America/Chicago')).toBe('Mon, Dec 28, 8:00 PM');
    const nextYear = show('2027-01-10T02:00:00Z', 'America/Chicago');
    expect(when(nextYear, 'America/Los_Angeles')).toBe('Sat, Jan 9, 2027, 8:00 PM CST');
  });

  it('reads another name of the same clock as the same zone, and the same offset by its name', () => {
    const newYork = show('2026-12-29T01:00:00Z', 'America/New_York');
    expect(when(newYork, 'America/Detroit')).toBe('Mon, Dec 28, 8:00 PM');
    // Phoenix keeps standard time: Denver's clock in winter, not in summer.
    const phoenixWinter = show('2026-12-29T03:00:00Z', 'America/Phoenix');
    expect(when(phoenixWinter, 'America/Denver')).toBe('Mon, Dec 28, 8:00 PM');
    const phoenixSummer = show('2027-06-15T03:00:00Z', 'America/Phoenix');
    expect(when(phoenixSummer, 'America/Denver')).toBe('Mon, Jun 14, 2027, 8:00 PM MST');
  });

  it("names the zone when the reader's is unknown; says nothing of it without a reader", () => {
    expect(when(chicago, null)).toBe('Mon, Dec 28, 8:00 PM CST');
    expect(when(chicago, undefined)).toBe('Mon, Dec 28, 8:00 PM');
    const postponed = { ...chicago, datePending: true };
    expect(alertBody(postponed, november2026, 'America/New_York')).toBe(
      'New date to be announced (was Mon, Dec 28, 8:00 PM CST) · The Lantern, Somewhere, US',
    );
  });

  it("finds a fan's zone from their home ZIP, as a show's is found from its venue's", () => {
    expect(homeTimeZone('11201')).toBe('America/New_York');
    expect(homeTimeZone('60601')).toBe('America/Chicago');
    // Knoxville keeps Eastern time though most of Tennessee is Central.
    expect(homeTimeZone('37902')).toBe('America/New_York');
    expect(homeTimeZone('00000')).toBeNull();
    expect(homeTimeZone(null)).toBeNull();
  });
});
