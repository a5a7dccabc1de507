import type { TFinishSetup } from '@encore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fanFinishSetup } from '../../src/db/schema/index.ts';
import { createUser } from '../support/factories.ts';
import { fanInput, saveProfile, send } from '../support/profile-inputs.ts';
import { member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const card = async (cookie: string) => {
  const response = await send(t.app, 'GET', '/api/fan/finish-setup', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TFinishSetup>().visible;
};
const post = (cookie: string, url: string, body: unknown = {}) =>
  send(t.app, url.endsWith('location') ? 'PUT' : 'POST', url, cookie, body);

describe('the Finish setting up card', () => {
  it('is offered when a fan completes setup, not before, and a second save does not bring it back', async () => {
    const created = await createUser(t.app, { role: 'fan' });
    expect(await card(created.cookie)).toBe(false);
    expect((await saveProfile(t.app, 'fan', created.cookie)).statusCode).toBe(200);
    expect(await card(created.cookie)).toBe(true);
    expect((await post(created.cookie, '/api/fan/finish-setup/dismiss')).json()).toEqual({
      visible: false,
      verifyPhone: false,
    });
    const again = fanInput({ tagName: 'SecondSave' });
    expect((await saveProfile(t.app, 'fan', created.cookie, again)).statusCode).toBe(200);
    expect(await card(created.cookie)).toBe(false);
  });

  it('stays dismissed: a second dismiss is harmless and nothing shows it again', async () => {
    const me = await member(t, 'fan');
    expect((await post(me.cookie, '/api/fan/finish-setup/dismiss')).statusCode).toBe(200);
    expect((await post(me.cookie, '/api/fan/finish-setup/dismiss')).statusCode).toBe(200);
    expect(await card(me.cookie)).toBe(false);
  });

  it.each([
    [
      'Allow Location Tracking (a position)',
      '/api/fan/location',
      { latitude: 41.88, longitude: -87.63 },
    ],
    ['Allow Location Tracking (refused: the fallback)', '/api/fan/location/fallback', {}],
    ['Skip for now', '/api/fan/location/skip', {}],
  ])('is gone once the location step is done: %s', async (_name, url, body) => {
    const me = await member(t, 'fan');
    expect(await card(me.cookie)).toBe(true);
    const response = await post(me.cookie, url, body);
    expect(response.statusCode, response.body).toBeLessThan(300);
    expect(await card(me.cookie)).toBe(false);
  });

  it('a position refused as invalid does not finish the step', async () => {
    const me = await member(t, 'fan');
    const response = await post(me.cookie, '/api/fan/location', { latitude: 100, longitude: 0 });
    expect(response.statusCode).toBe(400);
    expect(await card(me.cookie)).toBe(true);
  });

  it('fans whose profile was written without the setup route (the demo data) never see it', async () => {
    const me = await member(t, 'fan');
    await t.database.orm.delete(fanFinishSetup).where(eq(fanFinishSetup.userId, me.id));
    expect(await card(me.cookie)).toBe(false);
  });
});
