import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelSender } from '../../src/alerts/channel-sender.ts';
import { createPushAlertSender } from '../../src/alerts/channels/push-alert-sender.ts';
import { pushSubscriptions } from '../../src/db/schema/index.ts';
import { createUser } from '../support/factories.ts';
import { outgoingAlert } from '../support/outgoing-alert.ts';
import { makeTempDir } from '../support/paths.ts';
import { browserKeys, LOCAL_PUSH_CONFIG, startPushService } from '../support/push-service.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let service: Awaited<ReturnType<typeof startPushService>>;
let sender: ChannelSender;
beforeAll(async () => {
  service = await startPushService();
  t = await createTestApp({ dataDir: makeTempDir('push-channel'), push: LOCAL_PUSH_CONFIG });
  // Trusts the local service's self-signed certificate; everything else is as in production.
  sender = createPushAlertSender(
    { config: t.config, orm: t.database.orm, log: t.app.log },
    { ca: service.ca },
  );
});
afterAll(async () => {
  await sender?.close?.();
  await t?.close();
  await service?.close();
});

/** A fan with `browsers` subscribed browsers, saved through the API as the web app does. */
async function fanWithBrowsers(browsers: number) {
  const fan = await createUser(t.app);
  const keys = [];
  for (let i = 0; i < browsers; i++) {
    const browser = browserKeys();
    const endpoint = `${service.url}/push/${fan.user.id}/${i}`;
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/push/subscription',
      headers: { cookie: fan.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ endpoint, keys: browser.keys }),
    });
    expect(response.statusCode).toBe(204);
    keys.push({ endpoint, ...browser });
  }
  return { ...fan, browsers: keys };
}
const pushesTo = (endpoint: string) =>
  service.received.filter((r) => `${service.url}${r.path}` === endpoint);
const subscriptionsOf = (fanId: string) =>
  t.database.orm.select().from(pushSubscriptions).where(eq(pushSubscriptions.fanId, fanId));

describe('web push alerts to a local push service', () => {
  it("sends an encrypted, VAPID-signed push to each of the fan's browsers", async () => {
    const fan = await fanWithBrowsers(2);
    const alert = outgoingAlert({ channel: 'push', fanId: fan.user.id, kind: 'price_drop' });
    expect(await sender.send([alert])).toEqual([{ deliveryId: alert.deliveryId, status: 'sent' }]);

    const { publicKey } = (
      await t.app.inject({
        method: 'GET',
        url: '/api/push/public-key',
        headers: { cookie: fan.cookie },
      })
    ).json();
    for (const browser of fan.browsers) {
      const [push, ...more] = pushesTo(browser.endpoint);
      expect(more).toEqual([]);
      expect(push?.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(push?.headers.ttl)).toBeGreaterThan(0);
      expect(push?.headers.authorization).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
      );
      // The delivery's key rides as the Topic (the push service keeps one waiting copy) and id.
      expect(push?.headers.topic).toBe(`alert-${alert.deliveryId}`);
      expect(JSON.parse(browser.decrypt(push?.body ?? Buffer.alloc(0)))).toEqual({
        id: `encore-alert-${alert.deliveryId}`,
        title: alert.title,
        // The why on a line of its own, under the date and place.
        body: `${alert.body}\nWhy: ${alert.reason}`,
        url: alert.showUrl,
        tag: `price_drop:${alert.showId}`,
      });
    }
  });

  it('deletes a subscription the push service says is gone (410, 404)', async () => {
    const fan = await fanWithBrowsers(1);
    service.respondWith(410);
    try {
      const alert = outgoingAlert({ channel: 'push', fanId: fan.user.id });
      expect(await sender.send([alert])).toEqual([
        { deliveryId: alert.deliveryId, status: 'failed', error: 'subscription gone' },
      ]);
      expect(await subscriptionsOf(fan.user.id)).toEqual([]);

      const other = await fanWithBrowsers(2);
      service.respondWith(404);
      const next = outgoingAlert({ channel: 'push', fanId: other.user.id });
      expect((await sender.send([next]))[0]?.status).toBe('failed');
      expect(await subscriptionsOf(other.user.id)).toEqual([]);
    } finally {
      service.respondWith(201);
    }
  });

  it('retries 429 (with Retry-After) and 5xx, keeping the subscription', async () => {
    const fan = await fanWithBrowsers(1);
    const alert = outgoingAlert({ channel: 'push', fanId: fan.user.id });
    try {
      service.respondWith(429, { 'retry-after': '30' });
      expect(await sender.send([alert])).toEqual([
        {
          deliveryId: alert.deliveryId,
          status: 'retry',
          error: expect.stringContaining('429'),
          retryAfterMs: 30_000,
        },
      ]);
      service.respondWith(502);
      expect((await sender.send([alert]))[0]).toMatchObject({ status: 'retry' });
    } finally {
      service.respondWith(201);
    }
    expect(await subscriptionsOf(fan.user.id)).toHaveLength(1);
    expect(await sender.send([alert])).toEqual([{ deliveryId: alert.deliveryId, status: 'sent' }]);
  });

  it("fails for good on another 4xx, the service's answer (its start) as the error", async () => {
    const fan = await fanWithBrowsers(1);
    const alert = outgoingAlert({ channel: 'push', fanId: fan.user.id });
    // Long and not ASCII: the error keeps its first 300 characters, whole.
    const answer = `{"reason":"BadJwtToken","detail":"${'é'.repeat(400)}"}`;
    try {
      service.respondWith(403, { 'content-type': 'application/json' }, answer);
      expect(await sender.send([alert])).toEqual([
        {
          deliveryId: alert.deliveryId,
          status: 'failed',
          error: `push service answered 403: ${answer.slice(0, 300)}`,
        },
      ]);
    } finally {
      service.respondWith(201);
    }
    expect(await subscriptionsOf(fan.user.id)).toHaveLength(1);
  });

  it('fails an alert for a fan with no subscription', async () => {
    const { user } = await createUser(t.app);
    const alert = outgoingAlert({ channel: 'push', fanId: user.id });
    expect(await sender.send([alert])).toEqual([
      { deliveryId: alert.deliveryId, status: 'failed', error: 'no push subscription' },
    ]);
  });

  it('fails for good on a plain-http endpoint instead of retrying it', async () => {
    const { user } = await createUser(t.app);
    await t.database.orm.insert(pushSubscriptions).values({
      fanId: user.id,
      endpoint: `http://127.0.0.1:9/push/${user.id}`,
      ...browserKeys().keys,
    });
    const alert = outgoingAlert({ channel: 'push', fanId: user.id });
    expect(await sender.send([alert])).toEqual([
      {
        deliveryId: alert.deliveryId,
        status: 'failed',
        error:
          'push endpoint refused: not https on a push service of PUSH_SERVICE_HOSTS (127.0.0.1:9)',
      },
    ]);
  });

  it('sends a batch concurrently, one push per browser', async () => {
    const fans = await Promise.all(Array.from({ length: 20 }, () => fanWithBrowsers(1)));
    const alerts = fans.map((f) => outgoingAlert({ channel: 'push', fanId: f.user.id }));
    const outcomes = await sender.send(alerts);
    expect(outcomes.every((o) => o.status === 'sent')).toBe(true);
    for (const fan of fans) expect(pushesTo(fan.browsers[0]?.endpoint ?? '')).toHaveLength(1);
  });
});
