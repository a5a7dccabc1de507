import { EMPTY_TOUR_CONSTRAINTS, type TTourPlan, ZTourPlan } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { REQUEST_TURNOUT, venueFigures } from '../../src/domain/tour-planner/venue-figures.ts';
import { fan } from '../support/alerts.ts';
import { send } from '../support/profile-inputs.ts';
import type { TestApp } from '../support/test-app.ts';
import { venue } from './planner-fixtures.ts';
import {
  NEXT_MARCH as MARCH,
  TOUR_PLANS as PLANS,
  withSmallNortheast,
} from './support/small-northeast.ts';

/**
 * Fans' requests for a show are demand: a plan's why-line names them ("6 fans asked for a Boston
 * show"; "A few" under five), and each asker adds REQUEST_TURNOUT to a venue's expected turnout.
 */
let t: TestApp;
let performer: { id: string; cookie: string };
let cityOf: Map<string, string>;

withSmallNortheast((world) => ({ t, performer, cityOf } = world));

async function askFrom(zipCode: string, homeCity: string, fans: number) {
  for (let i = 0; i < fans; i++) {
    const someone = await fan(t, { zipCode, homeCity, preferredRadius: 25 });
    const answer = await send(
      t.app,
      'POST',
      `/api/artists/${performer.id}/show-request`,
      someone.cookie,
      { zipCode },
    );
    expect(answer.statusCode, answer.body).toBe(200);
  }
}

async function plan(): Promise<TTourPlan> {
  const response = await send(t.app, 'POST', PLANS, performer.cookie, {
    prompt: '3 dates in the Northeast',
    constraints: {
      ...EMPTY_TOUR_CONSTRAINTS,
      regions: ['Northeast'],
      startDate: `${MARCH}-01`,
      endDate: `${MARCH}-31`,
      dateCount: 3,
      capacityMin: 500,
      capacityMax: 1000,
      maxDriveMiles: 300,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return ZTourPlan.parse(response.json());
}

const whyIn = (p: TTourPlan, city: string) =>
  p.venues.find((v) => cityOf.get(v.venueId) === city)?.why ?? '';

describe('requests in a plan', () => {
  it('names the fans who asked for a show within reach of a venue, a few under five', async () => {
    const before = await plan();
    expect(whyIn(before, 'Boston')).not.toMatch(/asked for/);
    await askFrom('02115', 'Boston', 6);
    await askFrom('19103', 'Philadelphia', 2);
    const after = await plan();
    expect(whyIn(after, 'Boston')).toContain('6 fans asked for a Boston show');
    expect(whyIn(after, 'Philadelphia')).toContain('A few fans asked for a Philadelphia show');
    // New York is beyond those fans' 25 miles: no request reaches it.
    expect(whyIn(after, 'New York')).not.toMatch(/asked for/);
    // The askers are demand: Boston's expected turnout grew.
    const turnout = (p: TTourPlan) =>
      p.venues.find((v) => cityOf.get(v.venueId) === 'Boston')?.expectedAttendance ?? 0;
    expect(turnout(after)).toBeGreaterThan(turnout(before));
  });
});

describe('the weight of a request', () => {
  it('adds REQUEST_TURNOUT of a ticket per asker to the expected turnout, capped by capacity', () => {
    const base = venue('Boston', { capacity: 800 });
    const asked = venue('Boston', { capacity: 800, requestsInReach: 40, requestCity: 'Boston' });
    const without = venueFigures(base, 20).expectedAttendance;
    expect(venueFigures(asked, 20).expectedAttendance).toBe(
      without + Math.round(40 * REQUEST_TURNOUT),
    );
    const full = venue('Boston', { capacity: 410, requestsInReach: 500, requestCity: 'Boston' });
    expect(venueFigures(full, 20).expectedAttendance).toBe(410);
  });
});
