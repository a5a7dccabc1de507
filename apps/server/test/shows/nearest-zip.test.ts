import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/demo/prng.ts';
import { milesBetween, nearestZip, usZipPlaces } from '../../src/domain/nearest-zip.ts';

describe('nearestZip', () => {
  it.each([
    ['New York City Hall', 40.7128, -74.006, '10007', 'New York', 'NY'],
    ['Williamsburg, Brooklyn', 40.7081, -73.9571, '11211', 'Brooklyn', 'NY'],
    ['the Chicago Loop', 41.8781, -87.6298, '60603', 'Chicago', 'IL'],
    ['downtown Austin', 30.2672, -97.7431, '78701', 'Austin', 'TX'],
    ['Waikiki, Honolulu', 21.2793, -157.8292, '96815', 'Honolulu', 'HI'],
    ['Adak, west of 180° in the Aleutians', 52.0, -176.6, '99546', 'Adak', 'AK'],
  ])('%s is in %s (%s, %s)', (_name, latitude, longitude, zipCode, city, state) => {
    expect(nearestZip(latitude, longitude)).toMatchObject({ zipCode, city, state });
  });

  it.each([
    ['London', 51.5072, -0.1276],
    ['the middle of the Atlantic', 35, -45],
    ['null island', 0, 0],
    ['the North Pole', 90, 0],
    ['the South Pole', -90, 180],
  ])('%s has no US ZIP within reach', (_name, latitude, longitude) => {
    expect(nearestZip(latitude, longitude)).toBeNull();
  });

  it('leaves out military mail, misplaced and parked PO-box ZIPs', () => {
    const zips = new Set(usZipPlaces().map((p) => p.zip));
    expect(zips.has('09001')).toBe(false); // AE
    expect(zips.has('10200')).toBe(false); // 'New York' at 73.95 E in the table
    expect(zips.has('10001')).toBe(true);
    // PO-box ZIPs parked on downtown Austin's centre lose to the downtown ZIP itself.
    expect(zips.has('78713')).toBe(false);
    // Positions in East Asia, where the bad row and APO ZIPs sit, find nothing.
    expect(nearestZip(40.77, 73.95)).toBeNull();
  });

  it('finds the same ZIP as scanning every ZIP, for positions all over the US', () => {
    const places = usZipPlaces();
    const random = createRandom(42);
    for (let i = 0; i < 1_500; i += 1) {
      const alaska = i % 5 === 0;
      const latitude = alaska ? 51 + random.next() * 21 : 18 + random.next() * 32;
      const longitude = alaska ? -180 + random.next() * 50 : -170 + random.next() * 105;
      let best = Number.POSITIVE_INFINITY;
      for (const p of places) {
        best = Math.min(best, milesBetween(latitude, longitude, p.latitude, p.longitude));
      }
      const found = nearestZip(latitude, longitude);
      if (best > 100) expect(found, `${latitude},${longitude}`).toBeNull();
      else expect(found?.miles, `${latitude},${longitude}`).toBeCloseTo(best, 9);
    }
  });
});
