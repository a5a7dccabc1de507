import {
  EMPTY_TOUR_CONSTRAINTS,
  TOUR_PLANNER_MESSAGES as M,
  SHOW_MESSAGES,
  TEXT_MESSAGES,
  type TTourConstraints,
  ZTourPlan,
} from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { YEAR } from '../support/dates.ts';
import { send } from '../support/profile-inputs.ts';
import type { TestApp } from '../support/test-app.ts';
import { TOUR_PLANS as PLANS, withSmallNortheast } from './support/small-northeast.ts';

/**
 * Second security probe, finding 4: the prompt was a bare z.string(), so control characters were saved and
 * echoed, and NUL — or a year such as 9999 read from it — reached Postgres (a generic 400 and
 * "a schema missed a bad value" in the log). Now the prompt takes the string rule with its own
 * message, and every date the planner reads or is given stays inside the shows' window.
 */
let t: TestApp;
let performer: { id: string; cookie: string };

withSmallNortheast((world) => ({ t, performer } = world));

const planFrom = (body: { prompt: string; constraints?: TTourConstraints }) =>
  send(t.app, 'POST', PLANS, performer.cookie, body);

async function planCount(): Promise<number> {
  const { rows } = await t.database.pool.query(
    'select count(*)::int as n from tour_plans where performer_id = $1',
    [performer.id],
  );
  return rows[0].n;
}

/** The last day a show (so a planned night) may be on: 5 years from today. */
function lastPlannableDay(): string {
  const day = new Date();
  day.setUTCFullYear(day.getUTCFullYear() + 5);
  return day.toISOString().slice(0, 10);
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const GOOD_PROMPT = '3 dates in the Northeast, 500-1000 capacity';

describe('the prompt takes the string rule', () => {
  it('refuses NUL and other control characters with the field message, and saves nothing', async () => {
    const before = await planCount();
    for (const control of ['\u0000', '\u0007', '\u001b', '\u007f']) {
      const response = await planFrom({ prompt: `${GOOD_PROMPT}${control} in March` });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields).toEqual({ prompt: TEXT_MESSAGES.controlCharacters });
    }
    expect(await planCount()).toBe(before);
  });

  it('keeps line breaks and tabs: the prompt is typed in a textarea', async () => {
    const prompt = '3 dates in the Northeast\n\tin March,\r\n500-1000 capacity';
    const response = await planFrom({ prompt });
    expect(response.statusCode, response.body).toBe(201);
    expect(ZTourPlan.parse(response.json()).prompt).toBe(prompt);
  });
});

describe('the years and months the planner reads', () => {
  it('answers a year past the 5 years ahead as a field error on the prompt, in words', async () => {
    const before = await planCount();
    for (const when of [
      'in March 9999',
      `in March ${YEAR + 10}`,
      'from 12/1/9999 to 12/31/9999',
      'between 9999-12-20 and 9999-12-31',
      'in the winter 9999',
      'starting December 20, 9999',
    ]) {
      const response = await planFrom({ prompt: `${GOOD_PROMPT} ${when}` });
      expect(response.statusCode, `${when}: ${response.body}`).toBe(400);
      expect(response.json().error.fields, when).toEqual({ prompt: M.promptTooFarAhead });
    }
    expect(await planCount()).toBe(before);
  });

  it('answers a date long past as a field error on the prompt too', async () => {
    const response = await planFrom({ prompt: `${GOOD_PROMPT} in March 1990` });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields).toEqual({ prompt: M.promptLongPast });
  });

  it('never plans a night past 5 years ahead, whatever the window', async () => {
    const last = lastPlannableDay();
    const response = await planFrom({
      prompt: GOOD_PROMPT,
      constraints: {
        ...EMPTY_TOUR_CONSTRAINTS,
        regions: ['Northeast'],
        startDate: addDays(last, -10),
        dateCount: 3,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const plan = ZTourPlan.parse(response.json());
    expect(plan.resolved.endDate).toBe(last);
    for (const stop of plan.route) expect(stop.date <= last, stop.date).toBe(true);
  });
});

describe('given constraints take the same rules', () => {
  const given = (c: Partial<TTourConstraints>) => ({
    prompt: GOOD_PROMPT,
    constraints: { ...EMPTY_TOUR_CONSTRAINTS, regions: ['Northeast' as const], ...c },
  });

  it('refuses a date that is not real, too far ahead or long past, naming the field', async () => {
    const cases: Array<[Partial<TTourConstraints>, string, string]> = [
      [{ startDate: `${YEAR}-02-30` }, 'constraints.startDate', M.dateFormat],
      [{ endDate: '9999-12-31' }, 'constraints.endDate', SHOW_MESSAGES.dateTooFar],
      [{ daysOff: ['1990-03-01'] }, 'constraints.daysOff.0', SHOW_MESSAGES.dateTooOld],
      [
        { fixedDates: [{ date: `${YEAR}-13-01`, city: 'Boston', state: 'MA' }] },
        'constraints.fixedDates.0.date',
        M.dateFormat,
      ],
      [
        { fixedDates: [{ date: `${YEAR}-03-01\u0000`, city: 'Boston', state: 'MA' }] },
        'constraints.fixedDates.0.date',
        TEXT_MESSAGES.controlCharacters,
      ],
    ];
    for (const [constraints, field, message] of cases) {
      const response = await planFrom(given(constraints));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields, field).toMatchObject({ [field]: message });
    }
  });

  it('plans again (PUT) under the same rules', async () => {
    const made = await planFrom(given({ dateCount: 2 }));
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json();
    const response = await send(t.app, 'PUT', `${PLANS}/${id}`, performer.cookie, {
      constraints: { ...EMPTY_TOUR_CONSTRAINTS, startDate: `${YEAR}-02-30` },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields).toEqual({ 'constraints.startDate': M.dateFormat });
  });
});
