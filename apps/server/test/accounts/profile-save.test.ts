import type { TRole } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { fanInput, INPUTS, saveProfile, send, venueInput } from '../support/profile-inputs.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ROLES: TRole[] = ['fan', 'performer', 'venue'];
const TABLE = { fan: 'fan_profiles', performer: 'performer_profiles', venue: 'venue_profiles' };

async function profileComplete(userId: string): Promise<boolean> {
  const { rows } = await t.database.pool.query(
    'select profile_complete from "user" where id = $1',
    [userId],
  );
  return rows[0].profile_complete;
}

describe.each(ROLES)('%s profile', (role) => {
  it('is null before setup', async () => {
    const { cookie } = await createUser(t.app, { role });
    const response = await send(t.app, 'GET', `/api/profile/${role}`, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ profile: null });
  });

  it('PUT saves every field, completes the profile, and GET returns them', async () => {
    const { user, cookie } = await createUser(t.app, { role });
    expect(await profileComplete(user.id)).toBe(false);
    const input = INPUTS[role]();

    const saved = await saveProfile(t.app, role, cookie);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile).toMatchObject(input);
    expect(await profileComplete(user.id)).toBe(true);

    const read = await send(t.app, 'GET', `/api/profile/${role}`, cookie);
    expect(read.json().profile).toEqual(saved.json().profile);
    expect(read.json().profile).toMatchObject({ ...input, photoUrl: null });
    const session = await send(t.app, 'GET', '/api/account/session', cookie);
    expect(session.json().user.profileComplete).toBe(true);
  });

  it('PUT again replaces the profile (setup opened a second time)', async () => {
    const { cookie } = await createUser(t.app, { role });
    await saveProfile(t.app, role, cookie);
    const again = await saveProfile(t.app, role, cookie, INPUTS[role]({ phone: '(999) 555-0000' }));
    expect(again.statusCode).toBe(200);
    expect(again.json().profile.phone).toBe('(999) 555-0000');
  });

  it('PATCH changes only the given fields', async () => {
    const { cookie } = await createUser(t.app, { role });
    await saveProfile(t.app, role, cookie);
    // Not the email: a fan's is the account's, changed only by a link (email-change.test.ts).
    const response = await send(t.app, 'PATCH', `/api/profile/${role}`, cookie, {
      phone: '(999) 555-0001',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({
      ...INPUTS[role](),
      phone: '(999) 555-0001',
    });
  });

  it('PATCH before setup is 409 PROFILE_REQUIRED and writes nothing', async () => {
    const { user, cookie } = await createUser(t.app, { role });
    const response = await send(t.app, 'PATCH', `/api/profile/${role}`, cookie, {
      phone: '(212) 555-0100',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'PROFILE_REQUIRED',
      message: 'Complete your profile first',
    });
    const { rows } = await t.database.pool.query(
      `select 1 from ${TABLE[role]} where user_id = $1`,
      [user.id],
    );
    expect(rows).toHaveLength(0);
  });

  it('bad input is 400 with fields, and neither profile nor profile_complete is written', async () => {
    const { user, cookie } = await createUser(t.app, { role });
    const response = await saveProfile(t.app, role, cookie, { ...INPUTS[role](), phone: '555' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.fields.phone).toMatch(/Phone must be/);
    expect(await profileComplete(user.id)).toBe(false);
    const read = await send(t.app, 'GET', `/api/profile/${role}`, cookie);
    expect(read.json()).toEqual({ profile: null });
  });
});

describe('locations from the ZIP', () => {
  it('stores the fan’s home coordinates', async () => {
    const { user, cookie } = await createUser(t.app, { role: 'fan' });
    await saveProfile(t.app, 'fan', cookie, fanInput({ zipCode: '10001' }));
    const { rows } = await t.database.pool.query(
      'select latitude, longitude from fan_profiles where user_id = $1',
      [user.id],
    );
    expect(rows[0].latitude).toBeCloseTo(40.75, 1);
    expect(rows[0].longitude).toBeCloseTo(-73.99, 1);
  });

  it('moves the venue when PATCH changes the ZIP', async () => {
    const { user, cookie } = await createUser(t.app, { role: 'venue' });
    await saveProfile(t.app, 'venue', cookie, venueInput({ zipCode: '60601' }));
    await send(t.app, 'PATCH', '/api/profile/venue', cookie, { zipCode: '10001' });
    const { rows } = await t.database.pool.query(
      'select latitude, longitude from venue_profiles where user_id = $1',
      [user.id],
    );
    expect(rows[0].latitude).toBeCloseTo(40.75, 1);
  });

  it.each(['fan', 'venue'] as const)(
    'refuses an unknown ZIP for a %s (400, nothing written)',
    async (role) => {
      const { user, cookie } = await createUser(t.app, { role });
      const response = await saveProfile(t.app, role, cookie, INPUTS[role]({ zipCode: '00000' }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { zipCode: 'We could not find this ZIP code' },
      });
      expect(await profileComplete(user.id)).toBe(false);
    },
  );
});

describe('fan phoneVerified', () => {
  it('is true only for the exact phone this user verified', async () => {
    const { user, cookie } = await createUser(t.app, { role: 'fan' });
    const saved = await saveProfile(t.app, 'fan', cookie, fanInput({ phone: '(212) 555-0142' }));
    expect(saved.json().profile.phoneVerified).toBe(false);

    await t.database.pool.query(
      `insert into phone_verifications (user_id, phone, expires_at, verified_at)
       values ($1, '(212) 555-0142', now(), now())`,
      [user.id],
    );
    const read = await send(t.app, 'GET', '/api/profile/fan', cookie);
    expect(read.json().profile.phoneVerified).toBe(true);

    const changed = await send(t.app, 'PATCH', '/api/profile/fan', cookie, {
      phone: '(212) 555-0199',
    });
    expect(changed.json().profile.phoneVerified).toBe(false);
  });
});
