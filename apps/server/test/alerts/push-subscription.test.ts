import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { NOTIFICATION_MESSAGES } from '@encore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../src/db/schema/index.ts';
import { createUser } from '../support/factories.ts';
import { makeTempDir } from '../support/paths.ts';
import { browserKeys } from '../support/push-service.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
const dataDir = makeTempDir('push-api');
beforeAll(async () => {
  t = await createTestApp({ dataDir });
});
afterAll(async () => {
  await t?.close();
});

function call(method: 'GET' | 'PUT' | 'DELETE', url: string, cookie?: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}
/** An endpoint as Chrome hands them out, on Google's push service (in the default list). */
const fcmEndpoint = () => `https://fcm.googleapis.com/fcm/send/${Math.random().toString(36)}`;
const subscription = (endpoint = fcmEndpoint()) => ({
  endpoint,
  expirationTime: null,
  keys: browserKeys().keys,
});
const rowsOf = (fanId: string) =>
  t.database.orm.select().from(pushSubscriptions).where(eq(pushSubscriptions.fanId, fanId));

describe('web push subscriptions', () => {
  it('serves the VAPID public key generated into DATA_DIR on first start, to signed-in users', async () => {
    const file = join(dataDir, 'vapid.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const { publicKey } = JSON.parse(readFileSync(file, 'utf8'));
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);

    expect((await call('GET', '/api/push/public-key')).statusCode).toBe(401);
    const { cookie } = await createUser(t.app);
    const response = await call('GET', '/api/push/public-key', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ publicKey });
  });

  it('keeps the same keys across restarts', async () => {
    const again = await createTestApp({ dataDir });
    try {
      const { cookie } = await createUser(again.app);
      const first = (
        await call('GET', '/api/push/public-key', (await createUser(t.app)).cookie)
      ).json();
      const second = await again.app.inject({
        method: 'GET',
        url: '/api/push/public-key',
        headers: { cookie },
      });
      expect(second.json()).toEqual(first);
    } finally {
      await again.close();
    }
  });

  it('saves a subscription once per endpoint, and deletes it', async () => {
    const { user, cookie } = await createUser(t.app);
    const sub = subscription();
    expect((await call('PUT', '/api/push/subscription', cookie, sub)).statusCode).toBe(204);
    const renewed = { ...sub, keys: browserKeys().keys };
    expect((await call('PUT', '/api/push/subscription', cookie, renewed)).statusCode).toBe(204);
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: sub.endpoint, p256dh: renewed.keys.p256dh });

    // Another fan's DELETE of the same endpoint leaves it alone.
    const other = await createUser(t.app);
    const body = { endpoint: sub.endpoint };
    expect((await call('DELETE', '/api/push/subscription', other.cookie, body)).statusCode).toBe(
      204,
    );
    expect(await rowsOf(user.id)).toHaveLength(1);

    expect((await call('DELETE', '/api/push/subscription', cookie, body)).statusCode).toBe(204);
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it('refuses anonymous calls (401), non-fans (403) and bad subscriptions (400)', async () => {
    expect(
      (await call('PUT', '/api/push/subscription', undefined, subscription())).statusCode,
    ).toBe(401);
    expect(
      (await call('DELETE', '/api/push/subscription', undefined, { endpoint: 'x' })).statusCode,
    ).toBe(401);

    const performer = await createUser(t.app, { role: 'performer' });
    const refused = await call('PUT', '/api/push/subscription', performer.cookie, subscription());
    expect(refused.statusCode).toBe(403);

    const { user, cookie } = await createUser(t.app);
    const good = subscription();
    for (const bad of [
      { ...good, endpoint: 'not a url' },
      { ...good, endpoint: 'ftp://fcm.googleapis.com/x' },
      { ...good, keys: { p256dh: good.keys.p256dh } },
      { ...good, keys: { ...good.keys, auth: '' } },
      { ...good, extra: true },
      {},
    ]) {
      const response = await call('PUT', '/api/push/subscription', cookie, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await rowsOf(user.id)).toHaveLength(0);
  });
});

describe('push endpoints: only HTTPS on the known browser push services', () => {
  it('refuses any other endpoint with a field message, storing nothing', async () => {
    const { user, cookie } = await createUser(t.app);
    for (const endpoint of [
      // A port on our own host: the worker would open a connection to it.
      'http://127.0.0.1:5433/push/x',
      'https://127.0.0.1/push/x',
      'https://[::1]:8443/push/x',
      'https://169.254.169.254/latest/meta-data',
      'https://evil.example/push/x',
      // Look-alikes of allowed hosts.
      'https://fcm.googleapis.com.evil.com/fcm/send/x',
      'https://evilfcm.googleapis.com/fcm/send/x',
      'https://push.apple.com/3/device/x',
      'https://notify.windows.com.evil.com/w/x',
      // Right host, wrong scheme or with credentials.
      'http://fcm.googleapis.com/fcm/send/x',
      'https://user:pass@fcm.googleapis.com/fcm/send/x',
    ]) {
      const response = await call('PUT', '/api/push/subscription', cookie, subscription(endpoint));
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().error, endpoint).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { endpoint: NOTIFICATION_MESSAGES.pushServiceUnsupported },
      });
    }
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it('accepts the endpoints of Chrome, Firefox, Safari and Edge', async () => {
    const { user, cookie } = await createUser(t.app);
    const endpoints = [
      fcmEndpoint(),
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGx9ZmY',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    ];
    for (const endpoint of endpoints) {
      const response = await call('PUT', '/api/push/subscription', cookie, subscription(endpoint));
      expect(response.statusCode, endpoint).toBe(204);
    }
    expect((await rowsOf(user.id)).map((r) => r.endpoint).sort()).toEqual([...endpoints].sort());
  });

  it('takes the list from PUSH_SERVICE_HOSTS', async () => {
    const custom = await createTestApp({
      push: {
        serviceHosts: ['push.example.com', '*.push.example.net'],
        allowPrivateAddresses: false,
      },
    });
    try {
      const { cookie } = await createUser(custom.app);
      const put = (endpoint: string) =>
        custom.app.inject({
          method: 'PUT',
          url: '/api/push/subscription',
          headers: { cookie, 'content-type': 'application/json' },
          payload: JSON.stringify(subscription(endpoint)),
        });
      expect((await put('https://push.example.com/x')).statusCode).toBe(204);
      expect((await put('https://eu.push.example.net/x')).statusCode).toBe(204);
      expect((await put('https://push.example.net/x')).statusCode).toBe(400);
      expect((await put(fcmEndpoint())).statusCode).toBe(400);
    } finally {
      await custom.close();
    }
  });
});
