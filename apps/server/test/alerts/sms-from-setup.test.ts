import type { TFanSettings, TFinishSetup } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toE164 } from '../../src/adapters/sms/e164.ts';
import { type ListeningTestApp, startAlertServer } from '../support/alert-server.ts';
import { channelsOf, deliveries, eventOf, uniquePhone } from '../support/alerts.ts';
import { budget } from '../support/budget.ts';
import { YEAR } from '../support/dates.ts';
import { settled } from '../support/fault-sinks.ts';
import { send } from '../support/profile-inputs.ts';
import { eventually } from '../support/recording-sender.ts';
import { announceConfirmed, member } from '../support/shows.ts';
import { type SmsServer, startSmsServer } from '../support/sms-server.ts';

/**
 * A fan who ticks "Send me show alerts by SMS" at setup has SMS on in their
 * settings, is asked to verify their phone, gets no text until they do, and texts after.
 */
const account = { accountSid: 'ACsetup', authToken: 'setup-token', from: '+15550003333' };

let provider: SmsServer;
let t: ListeningTestApp;
beforeAll(async () => {
  provider = await startSmsServer();
  t = await startAlertServer({ dispatch: { pollMs: 50 } }, undefined, true, {
    sms: { apiUrl: provider.url, ...account },
  });
}, budget(60_000));
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const get = async <T>(cookie: string, url: string) => {
  const response = await send(t.app, 'GET', url, cookie);
  expect(response.statusCode).toBe(200);
  return response.json<T>();
};

/** A Rock show at the Chicago venue; resolves once its alerts are matched and all sent. */
async function announceAndSettle(
  performer: { id: string; cookie: string },
  venue: { id: string; cookie: string },
  startsAtLocal: string,
) {
  const show = await announceConfirmed(t, performer, venue, { genre: 'Rock', startsAtLocal });
  const eventId = await eventOf(t, show.id, 'announced');
  await eventually(() => settled(t.database.orm, eventId), 20_000);
  return eventId;
}

describe('SMS chosen at setup', () => {
  it(
    'is on in settings, waits for the phone to be verified, then texts the next alert',
    async () => {
      const phone = uniquePhone();
      const e164 = toE164(phone) as string;
      const fan = await member(t, 'fan', {
        phone,
        smsOptIn: true,
        homeCity: 'Chicago',
        zipCode: '60601',
        preferredRadius: 25,
        favoriteGenres: ['Rock'],
      });
      const performer = await member(t, 'performer', { artistName: 'Night Static' });
      const venue = await member(t, 'venue', { zipCode: '60601' });
      const textsToFan = () => provider.messages.filter((m) => m.to === e164);

      // The setup answer is the settings' SMS switch, and the card asks for the phone.
      const settings = await get<TFanSettings>(fan.cookie, '/api/settings/fan');
      expect(settings.notifications.sms).toBe(true);
      expect(await get<TFinishSetup>(fan.cookie, '/api/fan/finish-setup')).toMatchObject({
        verifyPhone: true,
      });

      // Before verification: the fan is alerted in the app and by email, never by text.
      const first = await announceAndSettle(performer, venue, `${YEAR}-06-14T20:00`);
      expect(channelsOf(await deliveries(t, first), fan.id)).toEqual(['email', 'in_app']);
      expect(textsToFan()).toEqual([]);

      // The fan verifies the phone with the code the provider carried.
      expect(
        (await send(t.app, 'POST', '/api/account/phone/send-code', fan.cookie)).statusCode,
      ).toBe(200);
      const code = /Your Encore code is (\d{6})$/.exec(textsToFan().at(-1)?.body ?? '')?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const verified = await send(t.app, 'POST', '/api/account/phone/verify', fan.cookie, { code });
      expect(verified.statusCode).toBe(204);
      expect(await get<TFinishSetup>(fan.cookie, '/api/fan/finish-setup')).toMatchObject({
        verifyPhone: false,
      });

      // The next alert reaches the phone, once.
      const second = await announceAndSettle(performer, venue, `${YEAR}-07-18T20:00`);
      expect(channelsOf(await deliveries(t, second), fan.id)).toEqual(['email', 'in_app', 'sms']);
      const alerts = textsToFan().filter((m) => !m.body.startsWith('Your Encore code'));
      expect(alerts).toHaveLength(1);
      expect(alerts[0]?.body).toMatch(/^Night Static announced a show\./);
    },
    budget(60_000),
  );

  it('leaves SMS off in settings when the box was not ticked', async () => {
    const fan = await member(t, 'fan', { phone: uniquePhone(), smsOptIn: false });
    const settings = await get<TFanSettings>(fan.cookie, '/api/settings/fan');
    expect(settings.notifications.sms).toBe(false);
    expect(await get<TFinishSetup>(fan.cookie, '/api/fan/finish-setup')).toMatchObject({
      verifyPhone: false,
    });
  });
});
