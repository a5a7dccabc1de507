import { EMPTY_TOUR_CONSTRAINTS } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import {
  describeConstraints,
  outreachEmailTemplate,
} from '../../src/domain/tour-planner/describe.ts';
import { parseTourPrompt } from '../../src/domain/tour-planner/parse-prompt.ts';
import { planTour, resolveConstraints } from '../../src/domain/tour-planner/plan-tour.ts';
import type { PlannerOutcome } from '../../src/domain/tour-planner/types.ts';
import { artist, resolved, venue, world } from './planner-fixtures.ts';

describe('describeConstraints ("I understood: …")', () => {
  it("reads the issue's prompt back, nothing defaulted", () => {
    const said = parseTourPrompt(
      '10 dates in the Northeast in March, 500-1000 capacity, max 300 miles a day',
      '2026-11-27',
    );
    expect(describeConstraints(said, resolveConstraints(said, artist, '2026-11-27'))).toBe(
      'I understood: 10 dates in the Northeast between Mar 1 and Mar 31, 2027, rooms of 500–1,000, at most 300 miles a day.',
    );
  });

  it('marks the defaults, and the room size that came from the profile', () => {
    const said = {
      ...EMPTY_TOUR_CONSTRAINTS,
      states: ['PA' as const],
      cities: [{ city: 'Boston', state: null }],
    };
    expect(describeConstraints(said, resolveConstraints(said, artist, '2026-11-27'))).toBe(
      'I understood: 10 dates (default) in Pennsylvania and Boston between Dec 4, 2026 and Jan 3, 2027 (default), rooms of 500–1,000 (your usual room size), at most 400 miles a day (default).',
    );
  });

  it('names fixed dates, days off and open-ended bands; no place means anywhere', () => {
    const said = {
      ...EMPTY_TOUR_CONSTRAINTS,
      startDate: '2027-04-01',
      endDate: '2027-04-30',
      dateCount: 1,
      capacityMin: 1000,
      maxDriveMiles: 250,
      fixedDates: [{ date: '2027-04-12', city: 'Chicago', state: 'IL' as const }],
      daysOff: ['2027-04-17'],
      weekdaysOff: ['Monday' as const, 'Sunday' as const],
    };
    expect(describeConstraints(said, resolveConstraints(said, artist, '2026-11-27'))).toBe(
      'I understood: 1 date anywhere in the US between Apr 1 and Apr 30, 2027, rooms of 1,000 or more, at most 250 miles a day, playing Chicago, IL on Apr 12, no shows on Mondays, Sundays or Apr 17.',
    );
  });
});

describe('outreachEmailTemplate', () => {
  function plan(): Extract<PlannerOutcome, { ok: true }> {
    const candidates = [
      venue('Boston', { followersInReach: 312, genreFansInReach: 900 }),
      venue('Providence', { followersInReach: 1, genreFansInReach: 2 }),
    ];
    const outcome = planTour(world(candidates), resolved({ dateCount: 2 }));
    if (!outcome.ok) throw new Error(outcome.message);
    return outcome;
  }

  it('is a plain-text booking email: subject, each date and city with its demand, contact', () => {
    const p = plan();
    const email = outreachEmailTemplate(artist, p);
    const stop = (city: string) => p.route.find((s) => s.city === city);
    const day = (date: string) => (date.endsWith('01') ? 'Mon Mar 1' : 'Tue Mar 2');
    const providence = stop('Providence');
    const boston = stop('Boston');
    expect(email.split('\n')[0]).toBe(
      'Subject: Booking inquiry: The Night Owls, 2 dates, Mar 1 – Mar 2, 2027',
    );
    expect(email).toContain(
      `- ${day(providence?.date ?? '')}, 2027: ${providence?.venueName}, Providence, RI (few fans nearby on Encore)`,
    );
    expect(email).toContain(
      `- ${day(boston?.date ?? '')}, 2027: ${boston?.venueName}, Boston, MA (1,212 fans nearby on Encore)`,
    );
    expect(email).toContain('The Night Owls (Indie)');
    expect(email).toContain('Email: booking@nightowls.example');
    expect(email).toContain('Phone: +1 555 0100');
    expect(email.trim().endsWith('The Night Owls')).toBe(true);
    expect(email).not.toMatch(/<[a-z]+>/i);
  });

  it('never states a demand under 5 and leaves the phone out when there is none', () => {
    const email = outreachEmailTemplate({ ...artist, phone: null }, plan());
    expect(email).not.toMatch(/\(\d fans/);
    expect(email).not.toContain('Phone:');
  });
});
