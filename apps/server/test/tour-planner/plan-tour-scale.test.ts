import {
  DAYS_OF_WEEK,
  TOUR_DATES_DEFAULT,
  TOUR_MAX_DRIVE_DEFAULT,
  TOUR_REGIONS,
} from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { milesBetween } from '../../src/domain/nearest-zip.ts';
import { planTour, resolveConstraints } from '../../src/domain/tour-planner/plan-tour.ts';
import type { CandidateVenue } from '../../src/domain/tour-planner/types.ts';
import { venueFigures } from '../../src/domain/tour-planner/venue-figures.ts';
import { artist, daysApart, resolved, seeded, venue, world } from './planner-fixtures.ts';

describe('planTour at the bench size', () => {
  it('plans 15 dates from 2,000 candidates (correct; time printed, not asserted)', () => {
    const random = seeded(2000);
    const states = TOUR_REGIONS.Northeast;
    const candidates: CandidateVenue[] = Array.from({ length: 2000 }, (_, i) =>
      venue('Boston', {
        city: `Town ${i % 700}`,
        state: states[i % states.length],
        latitude: 39.8 + random() * 5,
        longitude: -80 + random() * 10,
        capacity: 500 + Math.floor(random() * 500),
        operatingDays: DAYS_OF_WEEK.filter(() => random() < 0.7),
        bookedDates: Array.from(
          { length: 6 },
          () => `2027-03-${String(1 + Math.floor(random() * 31)).padStart(2, '0')}`,
        ),
        followersInReach: Math.floor(random() * 400),
        genreFansInReach: Math.floor(random() * 5000),
        calibration:
          random() < 0.5
            ? {
                source: 'venue',
                shows: 4,
                fillRate: 0.3 + random() * 0.7,
                revenuePerHead: 15 + random() * 20,
              }
            : { source: 'none', shows: 0, fillRate: null, revenuePerHead: null },
      }),
    );
    const c = resolved({
      regions: ['Northeast'],
      dateCount: 15,
      weekdaysOff: ['Monday'],
      fixedDates: [{ date: '2027-03-20', city: 'Town 7', state: null }],
    });
    const started = performance.now();
    const plan = planTour(world(candidates), c);
    const elapsed = performance.now() - started;
    console.info(`planTour: 2,000 candidates, 15 dates in ${elapsed.toFixed(0)} ms`);
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.route).toHaveLength(15);
    const byId = new Map(candidates.map((v) => [v.venueId, v]));
    plan.route.forEach((stop, k) => {
      const v = byId.get(stop.venueId) as CandidateVenue;
      expect(v.bookedDates).not.toContain(stop.date);
      expect(v.operatingDays).toContain(
        DAYS_OF_WEEK[(new Date(`${stop.date}T00:00:00Z`).getUTCDay() + 6) % 7],
      );
      expect(stop.date >= '2027-03-01' && stop.date <= '2027-03-31').toBe(true);
      const previous = plan.route[k - 1];
      if (previous) {
        const p = byId.get(previous.venueId) as CandidateVenue;
        const miles = milesBetween(p.latitude, p.longitude, v.latitude, v.longitude);
        expect(miles).toBeLessThanOrEqual(300 * daysApart(previous.date, stop.date) + 1e-6);
      }
    });
    expect(plan.route.find((s) => s.date === '2027-03-20')?.city).toBe('Town 7');
    expect(new Set(plan.route.map((s) => s.venueId)).size).toBe(15);
    expect(
      plan.route.some(
        (s) => DAYS_OF_WEEK[(new Date(`${s.date}T00:00:00Z`).getUTCDay() + 6) % 7] === 'Monday',
      ),
    ).toBe(false);
    // The chosen venues are among the best: each earns at least the median candidate's revenue.
    const all = candidates.map((v) => venueFigures(v, 18).expectedRevenue).sort((a, b) => a - b);
    const median = all[all.length / 2] ?? 0;
    // The fixed date's venue is Town 7's best that night, however it ranks overall.
    const chosen = plan.venues.filter((v) => v.city !== 'Town 7').map((v) => v.expectedRevenue);
    expect(Math.min(...chosen)).toBeGreaterThanOrEqual(median);
  });
});

describe('resolveConstraints', () => {
  const empty = {
    regions: [],
    states: [],
    cities: [],
    startDate: null,
    endDate: null,
    dateCount: null,
    capacityMin: null,
    capacityMax: null,
    maxDriveMiles: null,
    fixedDates: [],
    daysOff: [],
    weekdaysOff: [],
  };

  it('fills the defaults: a month from a week ahead, 10 dates, the usual room size, the default drive', () => {
    expect(resolveConstraints(empty, artist, '2026-11-27')).toEqual({
      ...empty,
      startDate: '2026-12-04',
      endDate: '2027-01-03',
      dateCount: TOUR_DATES_DEFAULT,
      capacityMin: 500,
      capacityMax: 1000,
      maxDriveMiles: TOUR_MAX_DRIVE_DEFAULT,
    });
  });

  it('keeps what was said, opens no earlier than tomorrow, and covers the fixed dates', () => {
    const said = {
      ...empty,
      startDate: '2026-11-01',
      endDate: '2026-12-15',
      dateCount: 4,
      capacityMin: 300,
      maxDriveMiles: 250,
      fixedDates: [{ date: '2026-12-20', city: 'Chicago', state: null }],
    };
    expect(resolveConstraints(said, artist, '2026-11-27')).toMatchObject({
      startDate: '2026-11-28',
      endDate: '2026-12-20',
      dateCount: 4,
      capacityMin: 300,
      capacityMax: 100_000,
      maxDriveMiles: 250,
    });
  });

  it('an artist whose rooms have no top ("5000+") gets any room from 5,000 up; open ends span 30 days', () => {
    const bigArtist = { ...artist, typicalCapacity: { min: 5000, max: null } };
    expect(
      resolveConstraints({ ...empty, startDate: '2027-04-05' }, bigArtist, '2026-11-27'),
    ).toMatchObject({
      startDate: '2027-04-05',
      endDate: '2027-05-05',
      capacityMin: 5000,
      capacityMax: 100_000,
    });
    expect(
      resolveConstraints({ ...empty, endDate: '2027-05-02' }, artist, '2026-11-27'),
    ).toMatchObject({
      startDate: '2027-04-02',
      endDate: '2027-05-02',
    });
  });
});
