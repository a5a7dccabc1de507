import type { TRole } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { INPUTS, saveProfile, send } from '../support/profile-inputs.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** [role, field, bad value, the message the spec gives]. */
const CASES: [TRole, string, unknown, string | RegExp][] = [
  ['fan', 'tagName', 'ab', 'Tag name must be at least 3 characters'],
  ['fan', 'tagName', 'x'.repeat(31), 'Tag name must be less than 30 characters'],
  ['fan', 'ageRange', '12-13', 'Please select an age range'],
  ['fan', 'gender', 'robot', 'Please select a gender'],
  ['fan', 'email', 'not-an-email', 'Invalid email address'],
  ['fan', 'phone', '2125550142', 'Phone must be in format (XXX) XXX-XXXX'],
  ['fan', 'homeCity', 'X', 'Please enter your city'],
  ['fan', 'zipCode', '1000', 'ZIP code must be 5 digits'],
  ['fan', 'preferredRadius', 7, 'Radius must be between 10 and 100 miles'],
  ['fan', 'preferredRadius', 33, 'Radius must be between 10 and 100 miles'],
  ['fan', 'smsOptIn', 'yes', /./],
  ['fan', 'favoriteGenres', [], 'Please select at least one favorite genre'],
  ['fan', 'favoriteGenres', ['Polka'], /./],
  ['performer', 'artistName', '', 'Artist name is required'],
  ['performer', 'bio', 'x'.repeat(501), 'Bio must be less than 500 characters'],
  ['performer', 'genres', [], 'Please select at least one genre'],
  ['performer', 'websiteUrl', 'javascript:alert(1)', /valid URL/],
  ['performer', 'instagramHandle', 'no spaces allowed', /valid handle/],
  ['performer', 'yearsActive', 101, 'Years active must be between 0 and 100'],
  ['performer', 'avgShowLength', '3 days', /./],
  ['venue', 'venueName', 'A', 'Venue name is required'],
  ['venue', 'description', 'x'.repeat(501), 'Description must be less than 500 characters'],
  ['venue', 'state', 'ZZ', 'Please enter a US state code such as NY'],
  ['venue', 'zipCode', 'abcde', 'ZIP must be 5 digits'],
  ['venue', 'maxCapacity', 0, 'Capacity must be at least 1'],
  ['venue', 'bookingEmail', 'nope', 'Invalid booking email'],
  ['venue', 'typicalShowTime', '25:00', 'Please enter a time such as 20:00'],
  ['venue', 'operatingDays', [], 'Please select at least one operating day'],
  ['venue', 'amenities', ['Pool'], /./],
];

describe('bad input', () => {
  it.each(CASES)(
    '%s %s = %j is 400 with the field message',
    async (role, field, value, message) => {
      const { cookie } = await createUser(t.app, { role });
      const response = await saveProfile(t.app, role, cookie, {
        ...INPUTS[role](),
        [field]: value,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      // An element of a list reports under its index ('favoriteGenres.0').
      const fields: Record<string, string> = response.json().error.fields;
      const key = Object.keys(fields).find((k) => k === field || k.startsWith(`${field}.`));
      expect(fields[key ?? field]).toMatch(message);
      expect((await send(t.app, 'GET', `/api/profile/${role}`, cookie)).json().profile).toBeNull();
    },
  );

  it.each(['fan', 'performer', 'venue'] as const)(
    'a %s PUT without a body is 400',
    async (role) => {
      const { cookie } = await createUser(t.app, { role });
      const response = await send(t.app, 'PUT', `/api/profile/${role}`, cookie);
      expect(response.statusCode).toBe(400);
    },
  );

  it('an empty PATCH is 400, not a silent no-op', async () => {
    const { cookie } = await createUser(t.app, { role: 'fan' });
    await saveProfile(t.app, 'fan', cookie);
    const response = await send(t.app, 'PATCH', '/api/profile/fan', cookie, {});
    expect(response.statusCode).toBe(400);
  });

  it('a PATCH with a bad field changes nothing', async () => {
    const { cookie } = await createUser(t.app, { role: 'venue' });
    await saveProfile(t.app, 'venue', cookie);
    const response = await send(t.app, 'PATCH', '/api/profile/venue', cookie, {
      city: 'Denver',
      maxCapacity: -5,
    });
    expect(response.statusCode).toBe(400);
    const { profile } = (await send(t.app, 'GET', '/api/profile/venue', cookie)).json();
    expect(profile.city).toBe('Chicago');
  });

  it('malformed JSON is 400, not 500', async () => {
    const { cookie } = await createUser(t.app, { role: 'fan' });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/fan',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"tagName":',
    });
    expect(response.statusCode).toBe(400);
  });
});
