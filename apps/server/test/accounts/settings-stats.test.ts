import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { send } from '../support/profile-inputs.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DEFAULTS = {
  notifications: {
    push: true,
    email: true,
    sms: false,
    newShows: true,
    ticketSales: true,
    priceDrops: true,
    lineupChanges: true,
    genreAlerts: 'instant',
    showPals: true,
    showPalsEmail: true,
    artistMessages: true,
    artistMessagesFromGenres: false,
  },
  privacy: { visibility: 'public', showAttendance: true, allowFriendRequests: true },
};

describe('fan settings', () => {
  it('are the defaults before any save', async () => {
    const { cookie } = await createUser(t.app, { role: 'fan' });
    const response = await send(t.app, 'GET', '/api/settings/fan', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEFAULTS);
  });

  it('save notifications and privacy separately, and both survive a reload', async () => {
    const { cookie } = await createUser(t.app, { role: 'fan' });
    const notifications = { ...DEFAULTS.notifications, push: false, sms: true, priceDrops: false };
    const first = await send(t.app, 'PUT', '/api/settings/notifications', cookie, notifications);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ...DEFAULTS, notifications });

    const privacy = { visibility: 'friends', showAttendance: false, allowFriendRequests: false };
    const second = await send(t.app, 'PUT', '/api/settings/privacy', cookie, privacy);
    expect(second.json()).toEqual({ notifications, privacy });
    expect((await send(t.app, 'GET', '/api/settings/fan', cookie)).json()).toEqual({
      notifications,
      privacy,
    });
  });

  it('keep genre alerts for a daily digest, and an older client that omits it gets instant', async () => {
    const { cookie } = await createUser(t.app, { role: 'fan' });
    const daily = { ...DEFAULTS.notifications, genreAlerts: 'daily' };
    const saved = await send(t.app, 'PUT', '/api/settings/notifications', cookie, daily);
    expect(saved.json().notifications.genreAlerts).toBe('daily');
    const { genreAlerts: _omitted, ...older } = DEFAULTS.notifications;
    const again = await send(t.app, 'PUT', '/api/settings/notifications', cookie, older);
    expect(again.json().notifications.genreAlerts).toBe('instant');
  });

  it('keep Show Pals notices off once saved, and an older client that omits it gets them on', async () => {
    const { cookie } = await createUser(t.app, { role: 'fan' });
    const off = { ...DEFAULTS.notifications, showPals: false };
    const saved = await send(t.app, 'PUT', '/api/settings/notifications', cookie, off);
    expect(saved.json().notifications.showPals).toBe(false);
    const reread = await send(t.app, 'GET', '/api/settings/fan', cookie);
    expect(reread.json().notifications.showPals).toBe(false);
    const { showPals: _omitted, ...older } = DEFAULTS.notifications;
    const again = await send(t.app, 'PUT', '/api/settings/notifications', cookie, older);
    expect(again.json().notifications.showPals).toBe(true);
  });

  it.each([
    [
      '/api/settings/notifications',
      { ...DEFAULTS.notifications, genreAlerts: 'hourly' },
      'genreAlerts',
    ],
    ['/api/settings/notifications', { ...DEFAULTS.notifications, push: 'yes' }, 'push'],
    ['/api/settings/notifications', { push: true }, 'email'],
    ['/api/settings/privacy', { ...DEFAULTS.privacy, visibility: 'everyone' }, 'visibility'],
  ])('PUT %s with %j is 400 naming %s', async (url, body, field) => {
    const { cookie } = await createUser(t.app, { role: 'fan' });
    const response = await send(t.app, 'PUT', url, cookie, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(field);
    expect((await send(t.app, 'GET', '/api/settings/fan', cookie)).json()).toEqual(DEFAULTS);
  });
});

describe('stats', () => {
  it('a new fan has real zeros', async () => {
    const { cookie } = await createUser(t.app, { role: 'fan' });
    const response = await send(t.app, 'GET', '/api/stats/fan', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      showsAttended: 0,
      showsGoingTo: 0,
      showsWatching: 0,
      alertsSet: 0,
    });
  });

  it('a performer is a member since the account was created', async () => {
    const { user, cookie } = await createUser(t.app, { role: 'performer' });
    const response = await send(t.app, 'GET', '/api/stats/performer', cookie);
    expect(response.json()).toEqual({
      totalFollowers: 0,
      showsPlayed: 0,
      upcomingShows: 0,
      alertActivations: 0,
      averageAttendance: 0,
      memberSince: user.createdAt,
    });
  });

  it('a venue too', async () => {
    const { user, cookie } = await createUser(t.app, { role: 'venue' });
    const response = await send(t.app, 'GET', '/api/stats/venue', cookie);
    expect(response.json()).toMatchObject({ eventsHosted: 0, memberSince: user.createdAt });
  });
});

describe('OpenAPI', () => {
  it('documents the profile, photo, stats, settings and account-data endpoints', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const paths = Object.keys(document.paths);
    for (const path of [
      '/api/profile/fan',
      '/api/profile/performer',
      '/api/profile/venue',
      '/api/profile/photo',
      '/api/stats/fan',
      '/api/settings/fan',
      '/api/settings/notifications',
      '/api/settings/privacy',
      '/api/account/export',
    ]) {
      expect(paths).toContain(path);
    }
    expect(Object.keys(document.paths['/api/profile/fan'])).toEqual(['get', 'put', 'patch']);
  });
});
