import { describe, expect, it } from 'vitest';
import { alertEmail } from '../../src/alerts/channels/alert-email.ts';
import { pushPayload } from '../../src/alerts/channels/push-alert-sender.ts';
import { alertText } from '../../src/alerts/channels/sms-alert-sender.ts';
import { outgoingAlert } from '../support/outgoing-alert.ts';

/** The why the matcher wrote reaches the fan on every outbound channel. */
const GENRE = 'Rock show 12 mi from Brooklyn, NY — within your 25 mi radius';
const parts = {
  unsubscribePage: 'http://localhost:3000/unsubscribe?token=t',
  unsubscribeApi: 'http://localhost:3000/api/unsubscribe/t',
  messageId: '<alert-1@localhost>',
};

describe('the why on every channel', () => {
  it('the email says "Why you got this", in text and HTML (escaped)', () => {
    const mail = alertEmail(outgoingAlert({ reason: GENRE }), parts);
    expect(mail.text).toContain(`Why you got this: ${GENRE}`);
    expect(mail.html).toContain(`Why you got this: ${GENRE}`);
    const going = alertEmail(outgoingAlert({ reason: "You're going to this show" }), parts);
    expect(going.html).toContain('Why you got this: You&#39;re going to this show');
  });

  it('the push ends its body with the why; a digest does not (its shows each have one)', () => {
    const alert = outgoingAlert({ channel: 'push', reason: GENRE });
    expect(JSON.parse(pushPayload(alert).toString('utf8')).body).toBe(
      `${alert.body}\nWhy: ${GENRE}`,
    );
    const digest = outgoingAlert({
      channel: 'push',
      title: '2 new shows near Brooklyn, NY',
      body: 'Night Static (Dec 1) and Low Tide (Dec 2)',
      digest: { items: [], url: 'http://localhost:3000/alerts' },
    });
    expect(JSON.parse(pushPayload(digest).toString('utf8')).body).toBe(digest.body);
  });

  it('a text says why when it still fits one segment, in GSM characters', () => {
    const short = alertText({
      title: 'Tickets on sale: Low Tide',
      body: 'Fri, Dec 1, 8:00 PM · Baby Blue, Chicago, IL',
      showUrl: 'https://enc.re/s/1',
      reason: "You're going to this show",
    });
    expect(short).toBe(
      "Tickets on sale: Low Tide. Fri, Dec 1, 8:00 PM · Baby Blue, Chicago, IL Why: You're going to this show. https://enc.re/s/1 Reply STOP to stop.",
    );
    expect(short.length).toBeLessThanOrEqual(160);
    const dashed = alertText({
      title: 'Low Tide announced a show',
      body: 'Fri, Dec 1 · Baby Blue',
      showUrl: 'https://enc.re/s/1',
      reason: 'Rock show 3 mi from Chicago, IL — within your 25 mi radius',
    });
    expect(dashed).toContain('Why: Rock show 3 mi from Chicago, IL - within your 25 mi radius.');
  });

  it('a text leaves the why out rather than take a second segment', () => {
    const alert = outgoingAlert({ reason: GENRE });
    const text = alertText(alert);
    expect(text).not.toContain('Why');
    expect(text).toBe(alertText({ ...alert, reason: undefined }));
    expect(text.length).toBeLessThanOrEqual(160);
  });
});
