import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelSender } from '../../src/alerts/channel-sender.ts';
import { createEmailAlertSender } from '../../src/alerts/channels/email-alert-sender.ts';
import { fanSettings } from '../../src/db/schema/index.ts';
import { createUser } from '../support/factories.ts';
import { freePort } from '../support/free-port.ts';
import { startAlertMailServer } from '../support/mail-server.ts';
import { outgoingAlert } from '../support/outgoing-alert.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const mail = { from: 'Encore <alerts@encore.test>', supportEmail: 'support@encore.test' };

let t: TestApp;
let server: Awaited<ReturnType<typeof startAlertMailServer>>;
let sender: ChannelSender;
beforeAll(async () => {
  server = await startAlertMailServer();
  t = await createTestApp({ mail: { smtpUrl: server.url, ...mail } });
  sender = createEmailAlertSender({ config: t.config, orm: t.database.orm, log: t.app.log });
});
afterAll(async () => {
  await sender?.close?.();
  await t?.close();
  await server?.close();
});

const received = (to: string) => server.received.filter((m) => m.envelopeTo.includes(to));

describe('email alerts to a real SMTP server', () => {
  it('sends the alert with text and HTML bodies and the one-click unsubscribe headers', async () => {
    const { user } = await createUser(t.app);
    const alert = outgoingAlert({
      fanId: user.id,
      email: user.email,
      title: 'Rock & <Roll> announced a show',
      reason: 'Rock show 2 mi from Brooklyn, NY — within your 25 mi radius',
    });
    expect(await sender.send([alert])).toEqual([{ deliveryId: alert.deliveryId, status: 'sent' }]);

    const [message, ...more] = received(user.email);
    expect(more).toEqual([]);
    expect(message?.headers.subject).toBe('Rock & <Roll> announced a show');
    const link = /^<(http:\/\/localhost:3000\/api\/unsubscribe\/([^>]+))>$/.exec(
      message?.headers['list-unsubscribe'] ?? '',
    );
    expect(link).not.toBeNull();
    expect(message?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const token = decodeURIComponent(link?.[2] ?? '');

    expect(message?.text).toContain('Rock & <Roll> announced a show');
    expect(message?.text).toContain(alert.body);
    expect(message?.text).toContain(`View show: ${alert.showUrl}`);
    expect(message?.text).toContain(
      'Why you got this: Rock show 2 mi from Brooklyn, NY — within your 25 mi radius',
    );
    const page = `http://localhost:3000/unsubscribe?token=${encodeURIComponent(token)}`;
    expect(message?.text).toContain(page);

    expect(message?.html).toContain('Rock &amp; &lt;Roll&gt; announced a show');
    expect(message?.html).not.toContain('<Roll>');
    expect(message?.html).toContain(`<a href="${alert.showUrl}">View show</a>`);
    expect(message?.html).toContain(
      'Why you got this: Rock show 2 mi from Brooklyn, NY — within your 25 mi radius',
    );
    expect(message?.html).toContain(`href="${page}"`);

    // The header's link works: one POST and the fan's alert email is off.
    const response = await t.app.inject({ method: 'POST', url: new URL(link?.[1] ?? '').pathname });
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.orm
      .select({ email: fanSettings.email })
      .from(fanSettings)
      .where(eq(fanSettings.userId, user.id));
    expect(row?.email).toBe(false);
  });

  it('retries a 4xx answer and gives up on a 5xx answer for the recipient', async () => {
    const busy = outgoingAlert({ email: 'busy@example.com' });
    const unknown = outgoingAlert({ email: 'nobody@example.com' });
    const fine = outgoingAlert({ email: 'fine@example.com' });
    server.rejectRecipient(busy.email, 450);
    server.rejectRecipient(unknown.email, 550);

    const outcomes = await sender.send([busy, unknown, fine]);
    const byId = new Map(outcomes.map((o) => [o.deliveryId, o]));
    expect(byId.get(busy.deliveryId)?.status).toBe('retry');
    expect(byId.get(unknown.deliveryId)?.status).toBe('failed');
    expect(byId.get(unknown.deliveryId)).toMatchObject({ error: expect.stringContaining('550') });
    expect(byId.get(fine.deliveryId)?.status).toBe('sent');
    expect(received(busy.email)).toEqual([]);
    expect(received(unknown.email)).toEqual([]);

    // The mailbox is back: the retried alert goes through.
    server.acceptRecipient(busy.email);
    expect(await sender.send([busy])).toEqual([{ deliveryId: busy.deliveryId, status: 'sent' }]);
    expect(received(busy.email)).toHaveLength(1);
  });

  it('retries when the SMTP server cannot be reached', async () => {
    const port = await freePort();
    const down = createEmailAlertSender({
      config: { ...t.config, mail: { smtpUrl: `smtp://127.0.0.1:${port}`, ...mail } },
      orm: t.database.orm,
      log: t.app.log,
    });
    try {
      const alert = outgoingAlert();
      const [outcome] = await down.send([alert]);
      expect(outcome).toMatchObject({ deliveryId: alert.deliveryId, status: 'retry' });
    } finally {
      await down.close?.();
    }
  });

  it('does not mail a fan who unsubscribed while the alert waited', async () => {
    const { user } = await createUser(t.app);
    await t.database.orm.insert(fanSettings).values({ userId: user.id, email: false });
    const alert = outgoingAlert({ fanId: user.id, email: user.email });
    expect(await sender.send([alert])).toEqual([
      { deliveryId: alert.deliveryId, status: 'failed', error: 'unsubscribed from email' },
    ]);
    expect(received(user.email)).toEqual([]);
  });

  it("gives every attempt at one alert the delivery's Message-ID, and reports each as it goes", async () => {
    const alert = outgoingAlert({ email: 'again@example.com' });
    const reported: unknown[] = [];
    const report = async (outcome: unknown) => {
      reported.push(outcome);
    };
    await sender.send([alert], report);
    await sender.send([{ ...alert, attempts: 1 }], report);
    const ids = received('again@example.com').map((m) => m.headers['message-id']);
    // Sent twice (a crash between send and record): one message to the mail client.
    expect(ids).toEqual([
      `<alert-${alert.deliveryId}@localhost>`,
      `<alert-${alert.deliveryId}@localhost>`,
    ]);
    expect(reported).toEqual([
      { deliveryId: alert.deliveryId, status: 'sent' },
      { deliveryId: alert.deliveryId, status: 'sent' },
    ]);
  });

  it('sends a batch concurrently, each alert exactly once', async () => {
    const alerts = Array.from({ length: 300 }, (_, i) =>
      outgoingAlert({ email: `batch${i}@example.com` }),
    );
    const outcomes = await sender.send(alerts);
    expect(outcomes.filter((o) => o.status === 'sent')).toHaveLength(300);
    const batch = server.received.filter((m) => m.envelopeTo[0]?.startsWith('batch'));
    expect(new Set(batch.map((m) => m.envelopeTo[0])).size).toBe(300);
    expect(batch).toHaveLength(300);
  });
});
