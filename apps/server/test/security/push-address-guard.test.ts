import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelSender } from '../../src/alerts/channel-sender.ts';
import {
  createPushAlertSender,
  type PushAlertSenderOptions,
} from '../../src/alerts/channels/push-alert-sender.ts';
import type { AppConfig } from '../../src/config.ts';
import { pushSubscriptions } from '../../src/db/schema/index.ts';
import { createUser } from '../support/factories.ts';
import { outgoingAlert } from '../support/outgoing-alert.ts';
import { makeTempDir } from '../support/paths.ts';
import { browserKeys, startPushService } from '../support/push-service.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Production's rules (no private addresses), with hosts a test can point at loopback.
let t: TestApp;
let service: Awaited<ReturnType<typeof startPushService>>;
const senders: ChannelSender[] = [];
beforeAll(async () => {
  service = await startPushService();
  t = await createTestApp({
    dataDir: makeTempDir('push-guard'),
    push: {
      serviceHosts: ['localhost', '127.0.0.1', 'fcm.googleapis.com'],
      allowPrivateAddresses: false,
    },
  });
});
afterAll(async () => {
  for (const sender of senders) await sender.close?.();
  await t?.close();
  await service?.close();
});

/** The real sender, trusting the local service's certificate; `warnings` records its log. */
function sender(options: PushAlertSenderOptions = {}, config: AppConfig = t.config) {
  const warnings: unknown[][] = [];
  const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
  const created = createPushAlertSender(
    { config, orm: t.database.orm, log },
    { ca: service.ca, ...options },
  );
  senders.push(created);
  return { sender: created, warnings };
}

/** A fan with one browser subscribed at `endpoint` (saved as PUT /api/push/subscription would). */
async function fanSubscribedAt(endpoint: (fanId: string) => string) {
  const { user } = await createUser(t.app);
  await t.database.orm
    .insert(pushSubscriptions)
    .values({ fanId: user.id, endpoint: endpoint(user.id), ...browserKeys().keys });
  return user.id;
}
const pushesFor = (fanId: string) => service.received.filter((r) => r.path.includes(fanId));
const port = () => new URL(service.url).port;

describe('pushes never reach a non-public address', () => {
  it('refuses an allowed host name that resolves to loopback, for good, and the service gets nothing', async () => {
    const { sender: push, warnings } = sender();
    const fanId = await fanSubscribedAt((id) => `https://localhost:${port()}/push/${id}/secret`);
    const first = outgoingAlert({ channel: 'push', fanId });
    const second = outgoingAlert({ channel: 'push', fanId });
    const outcomes = await push.send([first, second]);
    for (const [i, alert] of [first, second].entries()) {
      expect(outcomes[i]).toEqual({
        deliveryId: alert.deliveryId,
        status: 'failed',
        error: expect.stringMatching(
          /^push endpoint refused: localhost resolves to (127\.0\.0\.1|::1), which is not a public address$/,
        ),
      });
    }
    expect(pushesFor(fanId)).toEqual([]);
    // Logged once for the subscription, naming no part of the endpoint's secret path.
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings)).not.toContain('secret');
  });

  it('refuses an address literal the list allows', async () => {
    const { sender: push } = sender();
    const fanId = await fanSubscribedAt((id) => `${service.url}/push/${id}`);
    const alert = outgoingAlert({ channel: 'push', fanId });
    expect(await push.send([alert])).toEqual([
      {
        deliveryId: alert.deliveryId,
        status: 'failed',
        error:
          'push endpoint refused: 127.0.0.1 resolves to 127.0.0.1, which is not a public address',
      },
    ]);
    expect(pushesFor(fanId)).toEqual([]);
  });

  it('checks every address a push service name resolves to', async () => {
    for (const addresses of [
      ['127.0.0.1'],
      ['10.1.2.3'],
      ['169.254.169.254'],
      ['::ffff:127.0.0.1'],
      ['fd00::1'],
      // One bad address among good ones is enough: the resolver may hand out any of them.
      ['142.250.74.106', '192.168.1.10'],
    ]) {
      const { sender: push } = sender({ resolve: async () => addresses });
      const fanId = await fanSubscribedAt((id) => `https://fcm.googleapis.com/fcm/send/${id}`);
      const alert = outgoingAlert({ channel: 'push', fanId });
      const [outcome] = await push.send([alert]);
      expect(outcome, addresses.join()).toMatchObject({
        status: 'failed',
        error: expect.stringContaining('push endpoint refused: fcm.googleapis.com resolves to'),
      });
    }
  });

  it('refuses a stored endpoint whose host is no longer on the list, without connecting', async () => {
    const { sender: push } = sender();
    const fanId = await fanSubscribedAt((id) => `https://evil.example/push/${id}/secret`);
    const alert = outgoingAlert({ channel: 'push', fanId });
    expect(await push.send([alert])).toEqual([
      {
        deliveryId: alert.deliveryId,
        status: 'failed',
        error:
          'push endpoint refused: not https on a push service of PUSH_SERVICE_HOSTS (evil.example)',
      },
    ]);
  });

  it('reaches a loopback push service only with PUSH_ALLOW_PRIVATE_ADDRESSES', async () => {
    const { sender: push } = sender(
      {},
      { ...t.config, push: { ...t.config.push, allowPrivateAddresses: true } },
    );
    const fanId = await fanSubscribedAt((id) => `https://localhost:${port()}/push/${id}`);
    const alert = outgoingAlert({ channel: 'push', fanId });
    expect(await push.send([alert])).toEqual([{ deliveryId: alert.deliveryId, status: 'sent' }]);
    expect(pushesFor(fanId)).toHaveLength(1);
  });
});
