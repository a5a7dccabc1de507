import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTwilioSmsSender } from '../../src/adapters/sms/twilio-sms-sender.ts';
import { deliveryKey } from '../../src/alerts/channel-sender.ts';
import { classifySmsError } from '../../src/alerts/channels/sms-alert-sender.ts';
import { expectServedOnce, type FaultSinks, tally } from '../support/fault-sinks.ts';
import { eventually } from '../support/recording-sender.ts';
import { type SmsServer, startSmsServer } from '../support/sms-server.ts';

/**
 * What a loaded machine did to the fault tests: the provider accepted a text, but only
 * after the sender's 15 s timeout had run out, so the try counted as failed and the text was
 * tried again under the same Idempotency-Key. Played here without load: the provider holds the
 * request unanswered until the sender has given up, then accepts it.
 */
const account = { accountSid: 'AClate', authToken: 'late-token', from: '+15550002222' };
const fan = {
  id: 'fan-late',
  email: 'late@example.com',
  phone: '(212) 555-0190',
  e164: '+12125550190',
};
const key = `encore-alert-${deliveryKey('event-41', fan.id, 'sms')}`;

let provider: SmsServer;
beforeAll(async () => {
  provider = await startSmsServer();
});
afterAll(async () => {
  await provider?.close();
});

/** The sinks as `tally` reads them: this provider's requests, no mail, no push. */
const sinksOf = (sms: SmsServer) =>
  ({ sms, mail: { received: [] }, push: { received: [] } }) as unknown as FaultSinks;
const row = (attempts: number) => ({
  show_event_id: 'event-41',
  fan_id: fan.id,
  channel: 'sms',
  state: 'sent',
  last_error: '',
  attempts,
});

describe('an SMS whose answer comes after the timeout', () => {
  it('is tried again under the same key: the provider creates one text, and the tally counts the copy as that retry', async () => {
    const sms = createTwilioSmsSender({ apiUrl: provider.url, ...account });
    provider.hold();
    const giveUp = new AbortController();
    const first = sms
      .send(fan.e164, 'Night Static announced a show', {
        idempotencyKey: key,
        signal: giveUp.signal,
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    // The request reached the provider; the sender's timeout runs out before any answer.
    await eventually(() => provider.waiting().length === 1);
    giveUp.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    expect(await first).toMatchObject({ name: 'TimeoutError' });
    // The sender gave up without an answer: a passing failure, to retry.
    expect(classifySmsError(await first)).toMatchObject({ status: 'retry' });
    expect(provider.waiting()).toEqual([fan.e164]);
    // The provider answers it after all: the message exists, though nobody read the answer.
    provider.release();
    await sms.send(fan.e164, 'Night Static announced a show', { idempotencyKey: key });

    expect(provider.received.map((r) => [r.idempotencyKey, r.status])).toEqual([
      [key, 201],
      [key, 201],
    ]);
    expect(provider.messages).toHaveLength(1);
    // The outbox recorded both tries (the first as failed): the second copy is that retry.
    const retried = tally(sinksOf(provider), [fan], [row(2)], (channel) => channel === 'sms');
    expect(retried.sms).toMatchObject({ once: 1, rawDuplicates: 1, retriedDuplicates: 1 });
    expectServedOnce(retried, ['sms'], { once: 1 });
    // A copy without a failed try recorded (a row sent twice) is still a duplicate.
    const sentTwice = tally(sinksOf(provider), [fan], [row(1)], (channel) => channel === 'sms');
    expect(sentTwice.sms).toMatchObject({ rawDuplicates: 1, retriedDuplicates: 0 });
    expect(() => expectServedOnce(sentTwice, ['sms'], { once: 1 })).toThrow();
  });
});
