import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelSender } from '../../src/alerts/channel-sender.ts';
import { alertText, createSmsAlertSender } from '../../src/alerts/channels/sms-alert-sender.ts';
import { smsOptOuts } from '../../src/db/schema/index.ts';
import { outgoingAlert } from '../support/outgoing-alert.ts';
import { startSmsServer } from '../support/sms-server.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const sms = { accountSid: 'ACalerts', authToken: 'alert-token', from: '+15550001111' };

let t: TestApp;
let provider: Awaited<ReturnType<typeof startSmsServer>>;
let sender: ChannelSender;
beforeAll(async () => {
  provider = await startSmsServer();
  t = await createTestApp({ sms: { apiUrl: provider.url, ...sms } });
  sender = createSmsAlertSender({ config: t.config, orm: t.database.orm, log: t.app.log });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const textsTo = (e164: string) => provider.received.filter((r) => r.form.To === e164);

describe('SMS alerts through a Twilio-compatible API', () => {
  it('texts the alert to the profile phone in E.164, in one segment', async () => {
    const alert = outgoingAlert({ channel: 'sms', phone: '(212) 555-0101' });
    expect(await sender.send([alert])).toEqual([{ deliveryId: alert.deliveryId, status: 'sent' }]);
    const [text, ...more] = textsTo('+12125550101');
    expect(more).toEqual([]);
    expect(text?.path).toBe(`POST /2010-04-01/Accounts/${sms.accountSid}/Messages.json`);
    expect(text?.form.From).toBe(sms.from);
    expect(text?.form.Body).toBe(
      'Night Static announced a show. Sat, Jun 14, 8:00 PM · The Lantern, Chicago, IL ' +
        'http://localhost:3000/shows/show-1 Reply STOP to stop.',
    );
    expect(text?.form.Body?.length).toBeLessThanOrEqual(160);
  });

  it('shortens a long body to 160 characters, keeping the link and the STOP hint', () => {
    const text = alertText({
      title: 'The Extraordinarily Long Band Name Collective announced a show',
      body: 'Saturday, June 14, 8:00 PM · The Grand Old Lantern Ballroom and Social Club, Chicago, IL',
      showUrl: 'https://encore.example/shows/0c9a7d1e',
    });
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toMatch(/^The Extraordinarily Long Band Name Collective announced a show\. /);
    expect(text).toMatch(/\.\.\. https:\/\/encore\.example\/shows\/0c9a7d1e Reply STOP to stop\.$/);
  });

  it('retries a 429 and a 5xx, then sends when the provider recovers', async () => {
    const alert = outgoingAlert({ channel: 'sms', phone: '(212) 555-0102' });
    provider.respondWith(429);
    const [busy] = await sender.send([alert]);
    provider.respondWith(503);
    const [down] = await sender.send([alert]);
    provider.respondWith(201);
    const [sent] = await sender.send([alert]);
    expect(busy).toMatchObject({ status: 'retry', error: expect.stringContaining('429') });
    expect(down).toMatchObject({ status: 'retry', error: expect.stringContaining('503') });
    expect(sent).toEqual({ deliveryId: alert.deliveryId, status: 'sent' });
  });

  it('gives up on another 4xx (an invalid number)', async () => {
    const alert = outgoingAlert({ channel: 'sms', phone: '(212) 555-0103' });
    provider.respondWith(400);
    try {
      const [outcome] = await sender.send([alert]);
      expect(outcome).toMatchObject({ status: 'failed', error: expect.stringContaining('400') });
    } finally {
      provider.respondWith(201);
    }
  });

  it('never texts a number that opted out, nor an alert without a phone', async () => {
    await t.database.orm.insert(smsOptOuts).values({ phone: '+12125550104' });
    const stopped = outgoingAlert({ channel: 'sms', phone: '(212) 555-0104' });
    const noPhone = outgoingAlert({ channel: 'sms', phone: null });
    const before = provider.received.length;
    expect(await sender.send([stopped, noPhone])).toEqual([
      { deliveryId: stopped.deliveryId, status: 'failed', error: 'opted out' },
      { deliveryId: noPhone.deliveryId, status: 'failed', error: 'no phone' },
    ]);
    expect(provider.received.length).toBe(before);
  });

  it("honours the provider's Retry-After", async () => {
    const limited = createServer((_request, response) => {
      response.writeHead(429, { 'retry-after': '7', 'content-type': 'application/json' });
      response.end('{"code":20429,"message":"Too Many Requests"}');
    });
    await new Promise<void>((resolve) => limited.listen(0, '127.0.0.1', resolve));
    const { port } = limited.address() as AddressInfo;
    try {
      const config = { ...t.config, sms: { ...t.config.sms, apiUrl: `http://127.0.0.1:${port}` } };
      const throttled = createSmsAlertSender({ config, orm: t.database.orm, log: t.app.log });
      const alert = outgoingAlert({ channel: 'sms', phone: '(212) 555-0105' });
      const [outcome] = await throttled.send([alert]);
      expect(outcome).toMatchObject({ status: 'retry', retryAfterMs: 7000 });
    } finally {
      await new Promise<void>((resolve) => limited.close(() => resolve()));
    }
  });

  it("sends each text with its delivery's Idempotency-Key, so a re-sent text is created once", async () => {
    const alert = outgoingAlert({ channel: 'sms', phone: '(212) 555-0106' });
    await sender.send([alert]);
    await sender.send([{ ...alert, attempts: 1 }]);
    const tries = textsTo('+12125550106');
    expect(tries.map((r) => r.idempotencyKey)).toEqual([
      `encore-alert-${alert.deliveryId}`,
      `encore-alert-${alert.deliveryId}`,
    ]);
    expect(provider.messages.filter((m) => m.to === '+12125550106')).toHaveLength(1);
  });

  it("takes the provider's 'recipient opted out' (21610) as final", async () => {
    provider.connectWebhook({ url: 'http://127.0.0.1:9', publicUrl: 'http://x', authToken: 't' });
    // The number texted STOP to the provider; the webhook never reached us (port 9: nothing).
    await provider.inbound('+12125550107', 'STOP').catch(() => undefined);
    const alert = outgoingAlert({ channel: 'sms', phone: '(212) 555-0107' });
    expect(await sender.send([alert])).toEqual([
      { deliveryId: alert.deliveryId, status: 'failed', error: 'opted out (provider error 21610)' },
    ]);
    // Recorded as a STOP of ours: the next text to the number is not even tried.
    const before = textsTo('+12125550107').length;
    expect(await sender.send([{ ...alert, deliveryId: alert.deliveryId + 1 }])).toEqual([
      { deliveryId: alert.deliveryId + 1, status: 'failed', error: 'opted out' },
    ]);
    expect(textsTo('+12125550107')).toHaveLength(before);
  });

  it('checks the opt-out list just before each text, not once per batch', async () => {
    // The 21st text waits for a free slot; a STOP for it lands while the first 20 are sent.
    const alerts = Array.from({ length: 21 }, (_, i) =>
      outgoingAlert({ channel: 'sms', phone: `(718) 555-${String(2000 + i)}` }),
    );
    let stop: Promise<unknown> | undefined;
    const slow = createServer((request, response) => {
      request.resume();
      request.on('end', async () => {
        // No text is answered, so no slot frees, before the STOP is in the database.
        stop ??= t.database.orm
          .insert(smsOptOuts)
          .values({ phone: '+17185552020' })
          .then(() => undefined);
        await stop;
        response.writeHead(201, { 'content-type': 'application/json' });
        response.end('{"sid":"SM1"}');
      });
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const { port } = slow.address() as AddressInfo;
    try {
      const config = { ...t.config, sms: { ...t.config.sms, apiUrl: `http://127.0.0.1:${port}` } };
      const checking = createSmsAlertSender({ config, orm: t.database.orm, log: t.app.log });
      const outcomes = await checking.send(alerts);
      expect(outcomes.slice(0, 20).every((o) => o.status === 'sent')).toBe(true);
      expect(outcomes[20]).toEqual({
        deliveryId: alerts[20]?.deliveryId,
        status: 'failed',
        error: 'opted out',
      });
    } finally {
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });

  it('sends a batch concurrently, each text once', async () => {
    const alerts = Array.from({ length: 60 }, (_, i) =>
      outgoingAlert({ channel: 'sms', phone: `(646) 555-${String(1000 + i)}` }),
    );
    const outcomes = await sender.send(alerts);
    expect(outcomes.every((o) => o.status === 'sent')).toBe(true);
    const numbers = provider.received.map((r) => r.form.To).filter((to) => to?.startsWith('+1646'));
    expect(numbers).toHaveLength(60);
    expect(new Set(numbers).size).toBe(60);
  });
});
