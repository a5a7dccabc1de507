import { ALERT_CHANNELS, type TAlertChannel, type TFanSettings } from '@encore/contract';
import { getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_SENDERS } from '../../src/alerts/alert-workers.ts';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { ENV_VARIABLES } from '../../src/config.ts';
import { fanSettings } from '../../src/db/schema/index.ts';
import { FAN_SETTINGS_DEFAULTS } from '../../src/db/schema/settings-defaults.ts';
import { envDefault } from '../../src/env-settings.ts';
import {
  channelsOf,
  deliveries,
  eventOf,
  fan,
  notificationSettings,
  subscribePush,
  verifyPhone,
  watch,
} from '../support/alerts.ts';
import { createUser } from '../support/factories.ts';
import { announceConfirmed, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 33: the contract's ALERT_CHANNELS is the one list of channels. A channel added there
 * must get a sender in the worker wiring, be delivered by default, and be a fan setting that is
 * saved; the web side (its switch and labels) is checked by the web's channel-wiring test.
 * TypeScript already refuses a Record<TAlertChannel, …> without it; this names what is missing
 * in the tier that runs without the type check.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('every alert channel of the contract is wired on the server', () => {
  it('the worker wiring has a sender for exactly the contract channels', () => {
    expect(Object.keys(CHANNEL_SENDERS).sort()).toEqual([...ALERT_CHANNELS].sort());
  });

  it.each(ALERT_CHANNELS)('the %s sender says it sends that channel', async (channel) => {
    const sender = CHANNEL_SENDERS[channel](
      { config: t.config, orm: t.database.orm, log: t.app.log },
      {},
    );
    expect(sender.channel).toBe(channel);
    await sender.close?.();
  });

  it('the workers deliver every channel unless ALERT_CHANNELS says otherwise', () => {
    const variable = ENV_VARIABLES.find((v) => v.variable === 'ALERT_CHANNELS');
    expect(variable && String(envDefault(variable.schema)).split(',')).toEqual([...ALERT_CHANNELS]);
    expect(t.config.alertChannels).toEqual([...ALERT_CHANNELS]);
  });

  it.each(ALERT_CHANNELS)(
    '%s is a fan setting with its own column, saved and read back',
    async (channel) => {
      expect(Object.keys(getTableColumns(fanSettings))).toContain(channel);
      const { cookie } = await createUser(t.app);
      const notifications: TFanSettings['notifications'] = {
        ...FAN_SETTINGS_DEFAULTS.notifications,
        [channel]: !FAN_SETTINGS_DEFAULTS.notifications[channel],
      };
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/settings/notifications',
        headers: { cookie },
        payload: notifications,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const read = await t.app.inject({
        method: 'GET',
        url: '/api/settings/fan',
        headers: { cookie },
      });
      expect(read.json<TFanSettings>().notifications[channel]).toBe(notifications[channel]);
    },
  );
});

/** What makes a fan reachable on each channel: a browser subscribed, an address, a verified phone. */
const REACHABLE: Record<TAlertChannel, (fanId: string) => Promise<void>> = {
  push: (fanId) => subscribePush(t, fanId),
  email: async () => {},
  sms: (fanId) => verifyPhone(t, fanId),
};

/** Every channel's setting off: a test turns on the one it is about. */
const ALL_OFF = Object.fromEntries(ALERT_CHANNELS.map((c) => [c, false]));
/** A Rock fan about 3 mi from the venue (Lincoln Park, Chicago), reachable on every channel. */
async function nearbyRockFan() {
  const near = { zipCode: '60614', homeCity: 'Chicago', preferredRadius: 25 };
  const who = await fan(t, { ...near, favoriteGenres: ['Rock'], smsOptIn: true });
  for (const reach of Object.values(REACHABLE)) await reach(who.id);
  return who;
}

describe('every alert channel of the contract is matched', () => {
  it.each(ALERT_CHANNELS)(
    '%s reaches a watcher who chose it, and a genre fan nearby while its setting is on',
    async (channel) => {
      expect(REACHABLE[channel], `how a fan is reachable on ${channel}`).toBeTypeOf('function');
      const performer = await member(t, 'performer', { artistName: `Channel ${channel}` });
      const venue = await member(t, 'venue', { venueName: 'The Lantern', zipCode: '60601' });
      const watcher = await fan(t, { zipCode: '10001', favoriteGenres: ['Jazz'], smsOptIn: true });
      await REACHABLE[channel](watcher.id);
      await notificationSettings(t, watcher.cookie, { [channel]: true });
      await watch(t, watcher.cookie, performer.id, [channel]);
      const [on, off] = [await nearbyRockFan(), await nearbyRockFan()];
      await notificationSettings(t, on.cookie, { ...ALL_OFF, [channel]: true });
      await notificationSettings(t, off.cookie, ALL_OFF);

      const show = await announceConfirmed(t, performer, venue, { genre: 'Rock' });
      const eventId = await eventOf(t, show.id, 'announced');
      await matchEvent(t.database.orm, eventId);
      const rows = await deliveries(t, eventId);
      expect(channelsOf(rows, watcher.id)).toEqual(['in_app', channel].sort());
      expect(channelsOf(rows, on.id)).toEqual(['in_app', channel].sort());
      expect(channelsOf(rows, off.id)).toEqual(['in_app']);
    },
  );
});
