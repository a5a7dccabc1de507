import { NOTIFICATION_MESSAGES } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../../src/alerts/channels/unsubscribe-token.ts';
import { createUser } from '../support/factories.ts';
import { send } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const emailToggle = async (cookie: string) =>
  (await send(t.app, 'GET', '/api/settings/fan', { cookie })).json().notifications.email;
const url = (token: string) => `/api/unsubscribe/${encodeURIComponent(token)}`;

describe('one-click unsubscribe from alert emails', () => {
  it('POST with a good token turns alert email off at once; GET changes nothing', async () => {
    const { user, cookie } = await createUser(t.app);
    const token = unsubscribeToken(t.config.authSecret, user.id);
    expect(await emailToggle(cookie)).toBe(true);

    // A link scanner's GET: redirected to the page that asks, nothing changed.
    const get = await t.app.inject({ method: 'GET', url: url(token) });
    expect(get.statusCode).toBe(303);
    expect(get.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await emailToggle(cookie)).toBe(true);

    const post = await t.app.inject({ method: 'POST', url: url(token) });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toEqual({ email: user.email, unsubscribed: true, scope: 'alerts' });
    expect(await emailToggle(cookie)).toBe(false);

    // Again: still fine, still off.
    expect((await t.app.inject({ method: 'POST', url: url(token) })).statusCode).toBe(200);
  });

  it("keeps the fan's other saved settings", async () => {
    const { user, cookie } = await createUser(t.app);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/notifications',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({
        push: false,
        email: true,
        sms: true,
        newShows: false,
        ticketSales: true,
        priceDrops: false,
        lineupChanges: true,
        genreAlerts: 'daily',
      }),
    });
    expect(saved.statusCode).toBe(200);
    const token = unsubscribeToken(t.config.authSecret, user.id);
    expect((await t.app.inject({ method: 'POST', url: url(token) })).statusCode).toBe(200);
    const settings = (await send(t.app, 'GET', '/api/settings/fan', { cookie })).json();
    expect(settings.notifications).toEqual({
      push: false,
      email: false,
      sms: true,
      newShows: false,
      ticketSales: true,
      priceDrops: false,
      lineupChanges: true,
      genreAlerts: 'daily',
      // Saved by a client that omitted them: on, and the unsubscribe leaves them alone.
      showPals: true,
      showPalsEmail: true,
      artistMessages: true,
      artistMessagesFromGenres: false,
    });
  });

  it("takes a mail provider's RFC 8058 form POST from another origin", async () => {
    const { user, cookie } = await createUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: url(unsubscribeToken(t.config.authSecret, user.id)),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.com',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(await emailToggle(cookie)).toBe(false);
  });

  it('refuses a tampered, foreign or malformed token with 400', async () => {
    const { user, cookie } = await createUser(t.app);
    const { user: other } = await createUser(t.app);
    const token = unsubscribeToken(t.config.authSecret, user.id);
    const [id, mac] = token.split('.') as [string, string];
    const otherId = Buffer.from(other.id).toString('base64url');
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [
      `${id}.${flipped}`,
      `${otherId}.${mac}`,
      unsubscribeToken('another-secret-another-secret-0123456789', user.id),
      unsubscribeToken(t.config.authSecret, 'no-such-fan'),
      'garbage',
      `${id}.${mac}.extra`,
    ]) {
      const response = await t.app.inject({ method: 'POST', url: url(bad) });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.message).toBe(NOTIFICATION_MESSAGES.badUnsubscribeLink);
    }
    expect(await emailToggle(cookie)).toBe(true);
  });
});
