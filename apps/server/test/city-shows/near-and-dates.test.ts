import { describe, expect, it } from 'vitest';
import { quickRange, windowBounds } from '../../src/domain/date-window.ts';
import { resolveNear } from '../../src/domain/near-place.ts';

describe('resolveNear', () => {
  it('reads ZIPs, ZIP+4, "City, ST", "City ST" and any case', () => {
    expect(resolveNear('02118')?.place).toMatchObject({
      label: 'Boston, MA 02118',
      zipCode: '02118',
    });
    expect(resolveNear('02118-1234')?.place.zipCode).toBe('02118');
    for (const text of ['Boston, MA', 'boston ma', '  BOSTON,   ma ']) {
      expect(resolveNear(text)?.place.label, text).toBe('Boston, MA');
    }
    expect(resolveNear('St. Louis, MO')?.place.label).toBe('Saint Louis, MO');
  });

  it('takes the largest same-name city and offers the others, largest first', () => {
    const found = resolveNear('Portland');
    expect(found?.place.label).toBe('Portland, OR');
    expect(found?.otherPlaces[0]?.label).toBe('Portland, ME');
    expect(found?.otherPlaces.length).toBeLessThanOrEqual(5);
  });

  it('puts a city at the middle of its ZIPs, unmoved by a misplaced one', () => {
    // The table holds a 'New York' ZIP at 73.95 E; the median keeps the city in Manhattan.
    const place = resolveNear('New York, NY')?.place;
    expect(place?.longitude).toBeCloseTo(-73.98, 1);
    expect(place?.latitude).toBeCloseTo(40.76, 1);
  });

  it('knows nothing of unknown places and ZIPs', () => {
    expect(resolveNear('Atlantis')).toBeNull();
    expect(resolveNear('00000')).toBeNull();
    expect(resolveNear('Boston, ZZ')).toBeNull();
  });
});

describe('quickRange', () => {
  // 2026-11-23 is a Monday.
  it('this week runs from today to Sunday; on a Sunday, that day alone', () => {
    expect(quickRange('week', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(quickRange('week', '2026-11-29')).toEqual({ from: '2026-11-29', to: '2026-11-29' });
  });

  it('this weekend is Friday to Sunday, from today once it has begun', () => {
    expect(quickRange('weekend', '2026-11-23')).toEqual({ from: '2026-11-27', to: '2026-11-29' });
    expect(quickRange('weekend', '2026-11-28')).toEqual({ from: '2026-11-28', to: '2026-11-29' });
  });

  it('this month runs to its last day, leap years included', () => {
    expect(quickRange('month', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-30' });
    expect(quickRange('month', '2028-02-10')).toEqual({ from: '2028-02-10', to: '2028-02-29' });
    expect(quickRange('month', '2026-12-31')).toEqual({ from: '2026-12-31', to: '2026-12-31' });
  });

  it('bounds the days by instants wide enough for every zone', () => {
    const { after, before } = windowBounds({ from: '2026-11-23', to: '2026-11-23' });
    expect(after?.toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(before?.toISOString()).toBe('2026-11-24T12:00:00.000Z');
    expect(windowBounds({ from: null, to: null })).toEqual({ after: null, before: null });
  });
});
