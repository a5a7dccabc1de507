import { type TTourPlan, ZTourPlan } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../support/profile-inputs.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  TOUR_PLANS as PLANS,
  seedSmallNortheast,
  touringPerformer,
} from './support/small-northeast.ts';

/**
 * Second security probe, finding 5: a fresh, unverified performer account got ten venues' booking email and
 * phone per plan. A venue's booking contacts now go only to a performer whose email is verified,
 * decided when a plan is read (made, planned again, renamed or opened), and a plan never stores
 * them: a plan made before verifying shows them once verified, and none shows them otherwise.
 */
let t: TestApp;
/** Each venue's city, by the venue's id (the venues' booking contacts are built from the id). */
let venues: Map<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  venues = await seedSmallNortheast(t.database.orm);
});
afterAll(() => t.close());

/** The booking contacts tour-planner-world.ts gives each venue. */
const VENUE_PHONE = '(212) 555-0101';
const contactsOf = (venueId: string) => ({
  contactEmail: `booking.${venueId}@example.com`,
  bookingPhone: VENUE_PHONE,
});

async function setEmailVerified(userId: string, verified: boolean) {
  await t.database.pool.query('update "user" set email_verified = $2 where id = $1', [
    userId,
    verified,
  ]);
}

const PROMPT = '3 dates in the Northeast, 500-1000 capacity, max 300 miles a day';

async function plan(cookie: string): Promise<TTourPlan> {
  const response = await send(t.app, 'POST', PLANS, cookie, { prompt: PROMPT });
  expect(response.statusCode, response.body).toBe(201);
  return ZTourPlan.parse(response.json());
}

async function open(cookie: string, id: string): Promise<TTourPlan> {
  const response = await send(t.app, 'GET', `${PLANS}/${id}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return ZTourPlan.parse(response.json());
}

function expectHidden(plan: TTourPlan) {
  expect(plan.venues).toHaveLength(3);
  for (const venue of plan.venues) {
    expect(venue).toMatchObject({ contactEmail: null, bookingPhone: null });
  }
  const text = JSON.stringify(plan);
  expect(text).not.toContain('booking.tp-venue');
  expect(text).not.toContain(VENUE_PHONE);
  expect(plan.contactsHidden).toBe(true);
}

function expectShown(plan: TTourPlan) {
  expect(plan.venues).toHaveLength(3);
  for (const venue of plan.venues) expect(venue).toMatchObject(contactsOf(venue.venueId));
  expect(plan.contactsHidden).toBe(false);
}

async function storedRow(id: string): Promise<string> {
  const { rows } = await t.database.pool.query(
    'select result::text || constraints::text as stored from tour_plans where id = $1',
    [id],
  );
  return rows[0].stored;
}

describe('venues’ booking contacts in a tour plan', () => {
  it('are withheld from a performer whose email is not verified, who is told why', async () => {
    const performer = await touringPerformer(t);
    const made = await plan(performer.cookie);
    expectHidden(made);
    expect(venues.size).toBe(3);
    expectHidden(await open(performer.cookie, made.id));
  });

  it('go to a performer whose email is verified', async () => {
    const performer = await touringPerformer(t);
    await setEmailVerified(performer.id, true);
    const made = await plan(performer.cookie);
    expectShown(made);
    expectShown(await open(performer.cookie, made.id));
  });

  it('are never stored with the plan', async () => {
    const performer = await touringPerformer(t);
    await setEmailVerified(performer.id, true);
    const made = await plan(performer.cookie);
    expectShown(made);
    const stored = await storedRow(made.id);
    expect(stored).not.toContain('booking.tp-venue');
    expect(stored).not.toContain(VENUE_PHONE);
  });

  it('follow the rule when the plan is read: shown once verified, gone when no longer', async () => {
    const performer = await touringPerformer(t);
    const made = await plan(performer.cookie);
    expectHidden(made);

    await setEmailVerified(performer.id, true);
    expectShown(await open(performer.cookie, made.id));
    const renamed = await send(t.app, 'PATCH', `${PLANS}/${made.id}`, performer.cookie, {
      name: 'Spring run',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expectShown(ZTourPlan.parse(renamed.json()));

    // An email change leaves the new address unverified until its link is followed.
    await setEmailVerified(performer.id, false);
    expectHidden(await open(performer.cookie, made.id));
    const again = await send(t.app, 'PUT', `${PLANS}/${made.id}`, performer.cookie, {
      constraints: made.constraints,
    });
    expect(again.statusCode, again.body).toBe(200);
    expectHidden(ZTourPlan.parse(again.json()));
  });

  it('come from the venue as it is now, whatever an older plan stored', async () => {
    const performer = await touringPerformer(t);
    const made = await plan(performer.cookie);
    // Plans saved before this rule kept the contacts in their result.
    await t.database.pool.query(
      `update tour_plans set result = jsonb_set(jsonb_set(result,
         '{venues,0,contactEmail}', '"stored@leak.example"'),
         '{venues,0,bookingPhone}', '"(999) 555-0000"')
       where id = $1`,
      [made.id],
    );
    const hidden = await open(performer.cookie, made.id);
    expectHidden(hidden);
    expect(JSON.stringify(hidden)).not.toContain('leak.example');

    await setEmailVerified(performer.id, true);
    const shown = await open(performer.cookie, made.id);
    expectShown(shown);
    expect(JSON.stringify(shown)).not.toContain('leak.example');
  });
});
