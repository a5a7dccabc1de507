import type { TRole } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { INPUTS, saveProfile, send } from '../support/profile-inputs.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
const cookies = {} as Record<TRole, string>;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['fan', 'performer', 'venue'] as const) {
    cookies[role] = (await createUser(t.app, { role })).cookie;
  }
});
afterAll(() => t.close());

const ROLES: TRole[] = ['fan', 'performer', 'venue'];
const pairs = ROLES.flatMap((user) => ROLES.filter((r) => r !== user).map((r) => [user, r]));

/** Every endpoint that belongs to one role, as [method, url, body]. */
function endpointsOf(role: TRole): [string, string, unknown][] {
  const own: [string, string, unknown][] = [
    ['GET', `/api/profile/${role}`, undefined],
    ['PUT', `/api/profile/${role}`, INPUTS[role]()],
    ['PATCH', `/api/profile/${role}`, { email: 'x@example.com' }],
    ['GET', `/api/stats/${role}`, undefined],
  ];
  if (role !== 'fan') return own;
  return [
    ...own,
    ['GET', '/api/settings/fan', undefined],
    ['PUT', '/api/settings/notifications', NOTIFICATIONS],
    ['PUT', '/api/settings/privacy', PRIVACY],
  ];
}
const NOTIFICATIONS = {
  push: false,
  email: false,
  sms: true,
  newShows: false,
  ticketSales: true,
  priceDrops: false,
  lineupChanges: true,
};
const PRIVACY = { visibility: 'private', showAttendance: false, allowFriendRequests: false };

describe.each(pairs)('a %s using %s endpoints', (user, owner) => {
  it.each(endpointsOf(owner as TRole))(
    '%s %s is 403 and writes nothing',
    async (method, url, body) => {
      const response = await send(t.app, method as 'GET', url, cookies[user as TRole], body);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
      if (url.startsWith('/api/profile/')) {
        expect(response.json().error.message).toBe(
          'This profile belongs to another kind of account',
        );
      }
    },
  );
});

describe('signed out', () => {
  const all = ROLES.flatMap(endpointsOf).concat([
    ['DELETE', '/api/profile/photo', undefined],
    ['GET', '/api/account/export', undefined],
    ['DELETE', '/api/account', undefined],
  ]);
  it.each(all)('%s %s is 401', async (method, url, body) => {
    const response = await send(t.app, method as 'GET', url, undefined, body);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('a forged session', () => {
  it('is 401, not anyone’s data', async () => {
    const response = await send(t.app, 'GET', '/api/profile/fan', 'encore.session_token=forged');
    expect(response.statusCode).toBe(401);
  });
});

describe('ids come only from the session', () => {
  it('two fans each read and change only their own profile', async () => {
    const a = await createUser(t.app, { role: 'fan' });
    const b = await createUser(t.app, { role: 'fan' });
    await saveProfile(t.app, 'fan', a.cookie, INPUTS.fan({ tagName: 'FanA' }));
    await saveProfile(t.app, 'fan', b.cookie, INPUTS.fan({ tagName: 'FanB' }));
    await send(t.app, 'PATCH', '/api/profile/fan', b.cookie, { zipCode: '02134' });

    const readA = (await send(t.app, 'GET', '/api/profile/fan', a.cookie)).json().profile;
    expect(readA).toMatchObject({ tagName: 'FanA', homeCity: 'New York', zipCode: '10001' });
    const readB = (await send(t.app, 'GET', '/api/profile/fan', b.cookie)).json().profile;
    expect(readB).toMatchObject({ tagName: 'FanB', homeCity: 'Allston', zipCode: '02134' });
  });

  it('a user id in the body is refused, not used', async () => {
    const other = await createUser(t.app, { role: 'fan' });
    const response = await saveProfile(t.app, 'fan', cookies.fan, {
      ...INPUTS.fan(),
      userId: other.user.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ userId: 'Unknown field' });
  });
});
