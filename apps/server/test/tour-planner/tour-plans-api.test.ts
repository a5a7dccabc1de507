import {
  EMPTY_TOUR_CONSTRAINTS,
  TOUR_PLANNER_MESSAGES as M,
  type TTourConstraints,
  type TTourPlan,
  ZTourConstraints,
  ZTourPlan,
  ZTourPlanList,
} from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { send } from '../support/profile-inputs.ts';
import { member } from '../support/shows.ts';
import type { TestApp } from '../support/test-app.ts';
import {
  NEXT_MARCH as MARCH,
  TOUR_PLANS as PLANS,
  withSmallNortheast,
} from './support/small-northeast.ts';

let t: TestApp;
let performer: { id: string; cookie: string };
/** Each venue's city, by the venue's id. */
let venues: Map<string, string>;

withSmallNortheast((world) => ({ t, performer, cityOf: venues } = world));

const planFrom = (prompt: string, constraints?: TTourConstraints, cookie = performer.cookie) =>
  send(t.app, 'POST', PLANS, cookie, { prompt, ...(constraints ? { constraints } : {}) });

const northeast = (c: Partial<TTourConstraints> = {}): TTourConstraints => ({
  ...EMPTY_TOUR_CONSTRAINTS,
  regions: ['Northeast'],
  startDate: `${MARCH}-01`,
  endDate: `${MARCH}-31`,
  dateCount: 3,
  capacityMin: 500,
  capacityMax: 1000,
  maxDriveMiles: 300,
  ...c,
});

async function savedPlan(constraints = northeast()): Promise<TTourPlan> {
  const response = await planFrom('3 dates in the Northeast', constraints);
  if (response.statusCode !== 201) throw new Error(`plan: ${response.statusCode} ${response.body}`);
  return ZTourPlan.parse(response.json());
}

async function planCount(): Promise<number> {
  const { rows } = await t.database.pool.query(
    'select count(*)::int as n from tour_plans where performer_id = $1',
    [performer.id],
  );
  return rows[0].n;
}

describe('planning', () => {
  it('plans from a prompt on Encore’s venues, saves it, and says what it understood', async () => {
    const response = await planFrom(
      '3 dates in the Northeast in March, 500-1000 capacity, max 300 miles a day',
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const plan = ZTourPlan.parse(response.json());
    expect(plan.constraints).toMatchObject({
      regions: ['Northeast'],
      dateCount: 3,
      capacityMin: 500,
      capacityMax: 1000,
      maxDriveMiles: 300,
    });
    expect(plan.route).toHaveLength(3);
    expect(new Set(plan.venues.map((v) => venues.get(v.venueId)))).toEqual(
      new Set(['New York', 'Philadelphia', 'Boston']),
    );
    for (const stop of plan.route) expect(stop.date.startsWith(MARCH)).toBe(true);
    expect(plan.name).toMatch(/Northeast · Mar \d{4} · 3 dates/);
    expect(plan.understood).not.toBe('');
    expect(plan.outreachEmail).toContain('Echoes');
    expect(plan.tourOptimization.explanation).not.toBe('');

    // Demand is a count of fans in reach; under 5 fans it is "few fans" (null), never a number.
    const demand = Object.fromEntries(
      plan.venues.map((v) => [venues.get(v.venueId), v.estimatedDemand]),
    );
    expect(demand).toEqual({ 'New York': 7, Philadelphia: 6, Boston: null });
    // No fan's id is anywhere in the answer.
    expect(response.body).not.toMatch(/tp-fan-/);

    const reopened = await send(t.app, 'GET', `${PLANS}/${plan.id}`, performer.cookie);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.headers['cache-control']).toBe('no-store');
    expect(reopened.json()).toEqual(plan);
  });

  it('uses corrected constraints as given', async () => {
    const plan = await savedPlan(northeast({ dateCount: 2, regions: [], states: ['NY', 'PA'] }));
    expect(plan.constraints.states).toEqual(['NY', 'PA']);
    expect(plan.route.map((s) => venues.get(s.venueId)).sort()).toEqual([
      'New York',
      'Philadelphia',
    ]);
  });

  it('refuses an unsatisfiable plan with 422 naming the constraint, and saves nothing', async () => {
    const before = await planCount();
    const response = await planFrom(
      'Stadiums please',
      northeast({ capacityMin: 20_000, capacityMax: 50_000 }),
    );
    expect(response.statusCode, response.body).toBe(422);
    const { error } = response.json();
    expect(error.code).toBe('PLAN_UNSATISFIABLE');
    expect(error.message).not.toBe('');
    expect(Object.values(error.fields ?? {})).toEqual([error.message]);
    expect(Object.keys(error.fields ?? {})[0]).toMatch(/^capacity(Min|Max)$/);
    expect(await planCount()).toBe(before);
  });

  it('answers an unsatisfiable prompt with what it was read as, for the correction form', async () => {
    const response = await planFrom('5 dates in Vermont in March, 20000-30000 capacity');
    expect(response.statusCode, response.body).toBe(422);
    const { constraints } = response.json().error.detail;
    expect(ZTourConstraints.parse(constraints)).toMatchObject({
      states: ['VT'],
      dateCount: 5,
      capacityMin: 20_000,
      capacityMax: 30_000,
    });
  });

  it('refuses a blank prompt with the seed’s message', async () => {
    for (const prompt of ['', '   ']) {
      const response = await planFrom(prompt);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ prompt: M.promptRequired });
    }
  });
});

describe('saved plans', () => {
  it('plans again from corrected constraints, keeping id, name and prompt', async () => {
    const plan = await savedPlan();
    const response = await send(t.app, 'PUT', `${PLANS}/${plan.id}`, performer.cookie, {
      constraints: northeast({
        dateCount: 1,
        regions: [],
        cities: [{ city: 'Boston', state: 'MA' }],
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const again = ZTourPlan.parse(response.json());
    expect(again).toMatchObject({
      id: plan.id,
      name: plan.name,
      prompt: plan.prompt,
      createdAt: plan.createdAt,
    });
    expect(again.route.map((s) => venues.get(s.venueId))).toEqual(['Boston']);
    expect(again.constraints.cities).toEqual([{ city: 'Boston', state: 'MA' }]);
    expect(again.updatedAt >= plan.updatedAt).toBe(true);

    const unsatisfiable = await send(t.app, 'PUT', `${PLANS}/${plan.id}`, performer.cookie, {
      constraints: northeast({ capacityMin: 20_000, capacityMax: 50_000 }),
    });
    expect(unsatisfiable.statusCode).toBe(422);
    const kept = await send(t.app, 'GET', `${PLANS}/${plan.id}`, performer.cookie);
    expect(kept.json()).toEqual(again);
  });

  it('renames (blank refused), lists newest first, deletes', async () => {
    const first = await savedPlan();
    const second = await savedPlan();
    const renamed = await send(t.app, 'PATCH', `${PLANS}/${first.id}`, performer.cookie, {
      name: '  Spring run  ',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(ZTourPlan.parse(renamed.json()).name).toBe('Spring run');
    const blank = await send(t.app, 'PATCH', `${PLANS}/${first.id}`, performer.cookie, {
      name: ' ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toEqual({ name: M.nameRequired });

    const list = await send(t.app, 'GET', PLANS, performer.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const { plans } = ZTourPlanList.parse(list.json());
    const ids = plans.map((p) => p.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(plans.find((p) => p.id === first.id)).toMatchObject({
      name: 'Spring run',
      dates: first.route.length,
      firstDate: first.route.map((s) => s.date).sort()[0],
      lastDate: first.route
        .map((s) => s.date)
        .sort()
        .at(-1),
      estimatedRevenue: first.tourOptimization.estimatedRevenue,
    });

    const deleted = await send(t.app, 'DELETE', `${PLANS}/${first.id}`, performer.cookie);
    expect(deleted.statusCode).toBe(204);
    expect((await send(t.app, 'GET', `${PLANS}/${first.id}`, performer.cookie)).statusCode).toBe(
      404,
    );
    expect((await send(t.app, 'DELETE', `${PLANS}/${first.id}`, performer.cookie)).statusCode).toBe(
      404,
    );
  });
});

describe('who may', () => {
  it('another performer’s plan is not found, whatever they try', async () => {
    const plan = await savedPlan();
    const other = await member(t, 'performer');
    const tries = [
      send(t.app, 'GET', `${PLANS}/${plan.id}`, other.cookie),
      send(t.app, 'PUT', `${PLANS}/${plan.id}`, other.cookie, { constraints: northeast() }),
      send(t.app, 'PATCH', `${PLANS}/${plan.id}`, other.cookie, { name: 'Mine now' }),
      send(t.app, 'DELETE', `${PLANS}/${plan.id}`, other.cookie),
    ];
    for (const response of await Promise.all(tries)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(M.planNotFound);
    }
    const theirs = ZTourPlanList.parse((await send(t.app, 'GET', PLANS, other.cookie)).json());
    expect(theirs.plans).toEqual([]);
    const mine = await send(t.app, 'GET', `${PLANS}/${plan.id}`, performer.cookie);
    expect(mine.json().name).toBe(plan.name);
  });

  it('a performer without a profile is asked to complete it first (409)', async () => {
    const { cookie } = await createUser(t.app, { role: 'performer' });
    const response = await planFrom('3 dates in the Northeast', undefined, cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'PROFILE_REQUIRED',
      message: 'Complete your profile first',
    });
  });

  it('fans and venues are refused (403), anonymous callers must sign in (401)', async () => {
    for (const role of ['fan', 'venue'] as const) {
      const { cookie } = await member(t, role);
      for (const response of [
        await planFrom('3 dates in the Northeast', undefined, cookie),
        await send(t.app, 'GET', PLANS, cookie),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json().error.message).toBe(M.performersOnly);
      }
    }
    expect((await send(t.app, 'GET', PLANS, undefined)).statusCode).toBe(401);
    expect((await planFrom('3 dates', undefined, '')).statusCode).toBe(401);
  });
});
