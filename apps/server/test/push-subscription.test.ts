import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../src/db/schema/index.ts';
import { createUser } from './support/factories.ts';
import { makeTempDir } from './support/paths.ts';
import { browserKeys } from './support/push-service.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

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
const subscription = (endpoint = `https://push.example.com/send/${Math.random()}`) => ({
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
      { ...good, endpoint: 'ftp://push.example.com/x' },
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
