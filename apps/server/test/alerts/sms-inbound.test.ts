import { createHmac } from 'node:crypto';
import { NOTIFICATION_MESSAGES } from '@encore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fanProfile, smsOptOuts } from '../../src/db/schema/index.ts';
import { createUser } from '../support/factories.ts';
import { insertFanProfile } from '../support/fan-profile-row.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

const AUTH_TOKEN = 'inbound-token';
const PATH = '/api/sms/inbound';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    sms: { apiUrl: undefined, accountSid: 'ACin', authToken: AUTH_TOKEN, from: '+15550002222' },
  });
});
afterAll(async () => {
  await t?.close();
});

/** Signs as Twilio documents it, written out here rather than borrowed from the server. */
function sign(url: string, params: Record<string, string>, token = AUTH_TOKEN): string {
  let data = url;
  for (const name of Object.keys(params).sort()) data += name + params[name];
  return createHmac('sha1', token).update(data).digest('base64');
}

function inbound(from: string, body: string, signature?: string) {
  const params = {
    AccountSid: 'ACin',
    MessageSid: 'SM1',
    From: from,
    To: '+15550002222',
    Body: body,
  };
  return t.app.inject({
    method: 'POST',
    url: PATH,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signature ?? sign(`${TEST_ORIGIN}${PATH}`, params),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

const optedOut = async (e164: string) =>
  (await t.database.orm.select().from(smsOptOuts).where(eq(smsOptOuts.phone, e164))).length > 0;
const optIn = async (userId: string) =>
  (
    await t.database.orm
      .select({ smsOptIn: fanProfile.smsOptIn })
      .from(fanProfile)
      .where(eq(fanProfile.userId, userId))
  )[0]?.smsOptIn;
const message = (xml: string) => /<Message>(.*)<\/Message>/.exec(xml)?.[1] ?? null;

describe('inbound SMS webhook', () => {
  it('STOP opts the number out at once and confirms once; START brings it back', async () => {
    const { user } = await createUser(t.app);
    await insertFanProfile(t.database.orm, user.id, '(212) 555-0190');

    const stop = await inbound('+12125550190', 'STOP');
    expect(stop.statusCode).toBe(200);
    expect(stop.headers['content-type']).toMatch(/^text\/xml/);
    expect(message(stop.body)).toBe(NOTIFICATION_MESSAGES.smsStopped);
    expect(await optedOut('+12125550190')).toBe(true);
    expect(await optIn(user.id)).toBe(false);

    const again = await inbound('+12125550190', ' stop ');
    expect(again.statusCode).toBe(200);
    expect(again.body).toMatch(/<Response\/>$/);
    expect(await optedOut('+12125550190')).toBe(true);

    const start = await inbound('+12125550190', 'Start');
    expect(message(start.body)).toBe(NOTIFICATION_MESSAGES.smsStarted);
    expect(await optedOut('+12125550190')).toBe(false);
    expect(await optIn(user.id)).toBe(true);
  });

  it('knows every opt-out keyword, in any case, and UNSTOP', async () => {
    const keywords = [
      'STOP',
      'STOPALL',
      'UNSUBSCRIBE',
      'END',
      'QUIT',
      'CANCEL',
      'REVOKE',
      'OPTOUT',
    ];
    for (const [i, keyword] of keywords.entries()) {
      const from = `+1212555020${i}`;
      const response = await inbound(from, i % 2 ? keyword.toLowerCase() : keyword);
      expect(message(response.body), keyword).not.toBeNull();
      expect(await optedOut(from), keyword).toBe(true);
    }
    const unstop = await inbound('+12125550200', 'unstop');
    expect(message(unstop.body)).toBe(NOTIFICATION_MESSAGES.smsStarted);
    expect(await optedOut('+12125550200')).toBe(false);
  });

  it('ignores other texts', async () => {
    const response = await inbound('+12125550210', 'please stop sending these');
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<Response\/>$/);
    expect(await optedOut('+12125550210')).toBe(false);
  });

  it('refuses a bad or missing signature with 403 and changes nothing', async () => {
    const params = { From: '+12125550220', Body: 'STOP' };
    const wrongKey = sign(`${TEST_ORIGIN}${PATH}`, params, 'another-token');
    for (const signature of [wrongKey, 'bm9wZQ==', '']) {
      const response = await inbound('+12125550220', 'STOP', signature);
      expect(response.statusCode).toBe(403);
    }
    expect(await optedOut('+12125550220')).toBe(false);
  });

  it('does not exist when SMS has no auth token', async () => {
    const bare = await createTestApp({
      sms: { apiUrl: undefined, accountSid: undefined, authToken: undefined, from: undefined },
    });
    try {
      const response = await bare.app.inject({
        method: 'POST',
        url: PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'From=%2B12125550230&Body=STOP',
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
