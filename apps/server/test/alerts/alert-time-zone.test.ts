import type { TNotificationPage } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toE164 } from '../../src/adapters/sms/e164.ts';
import type { ChannelSender, OutboundChannel } from '../../src/alerts/channel-sender.ts';
import { createEmailAlertSender } from '../../src/alerts/channels/email-alert-sender.ts';
import { createPushAlertSender } from '../../src/alerts/channels/push-alert-sender.ts';
import { createSmsAlertSender } from '../../src/alerts/channels/sms-alert-sender.ts';
import { releaseDigest } from '../../src/alerts/digest.ts';
import { matchEvent } from '../../src/alerts/match-event.ts';
import {
  eventOf,
  fan,
  notificationSettings,
  uniquePhone,
  verifyPhone,
  watch,
} from '../support/alerts.ts';
import { budget } from '../support/budget.ts';
import { alertWhen, YEAR } from '../support/dates.ts';
import { type FaultSinks, startFaultSinks } from '../support/fault-sinks.ts';
import { makeTempDir } from '../support/paths.ts';
import { send } from '../support/profile-inputs.ts';
import { announceConfirmed, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { clearPendingDeliveries, dispatchPass } from './support/dispatch.ts';

// Alerts told a Chicago show's time in Chicago's clock with no zone ('Mon, Dec 28,
// 8:00 PM') to a fan in Brooklyn, who read it as 8:00 PM there. A time now names its zone
// wherever the fan's own zone (their home ZIP's) tells it otherwise, on every channel.

let t: TestApp;
let sinks: FaultSinks;
let senders: Record<OutboundChannel, ChannelSender>;
beforeAll(async () => {
  sinks = await startFaultSinks();
  t = await createTestApp({ dataDir: makeTempDir('alert-time-zone'), ...sinks.config() });
  const deps = { config: t.config, orm: t.database.orm, log: t.app.log };
  senders = {
    email: createEmailAlertSender(deps),
    sms: createSmsAlertSender(deps),
    push: createPushAlertSender(deps, sinks.pushTrust),
  };
}, budget(60_000));
afterAll(async () => {
  await Promise.all(Object.values(senders ?? {}).map((s) => s.close?.()));
  await t?.close();
  await sinks?.close();
});

/** A fan at home in `zipCode` watching `performerId` on every channel, phone verified, subscribed. */
async function watcher(performerId: string, home: { homeCity: string; zipCode: string }) {
  const phone = uniquePhone();
  const f = await fan(t, { ...home, phone, smsOptIn: true });
  await verifyPhone(t, f.id);
  const endpoint = `${sinks.push.url}/push/${f.id}`;
  const subscribed = await send(t.app, 'PUT', '/api/push/subscription', f.cookie, {
    endpoint,
    keys: sinks.browser.keys,
  });
  expect(subscribed.statusCode, subscribed.body).toBe(204);
  await watch(t, f.cookie, performerId, ['push', 'email', 'sms']);
  const { rows } = await t.database.orm.execute<{ email: string }>(
    sql`select email from "user" where id = ${f.id}`,
  );
  return { ...f, e164: toE164(phone) as string, endpoint, email: rows[0]?.email };
}

/** One dispatch pass per channel, with the real senders against the local services. */
async function dispatchAll() {
  for (const channel of ['email', 'sms', 'push'] as const) await dispatchPass(t, senders[channel]);
}

/** What the fan received of a show's alert on each channel: the body as each one carries it. */
function received(f: Awaited<ReturnType<typeof watcher>>, showId: string) {
  const link = `/shows/${showId}`;
  const mail = sinks.mail.received.find(
    (m) => m.envelopeTo[0] === f.email && m.text.includes(link),
  );
  const text = sinks.sms.received.find((r) => r.form.To === f.e164 && r.form.Body?.includes(link));
  const push = sinks.push.received
    .filter((r) => `${sinks.push.url}${r.path}` === f.endpoint)
    .map((r) => JSON.parse(sinks.browser.decrypt(r.body)) as { body: string; url: string })
    .find((p) => p.url.includes(link));
  return { email: mail?.text, sms: text?.form.Body, push: push?.body };
}

async function centreBodies(cookie: string) {
  const response = await send(t.app, 'GET', '/api/notifications', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TNotificationPage>().items.map((n) => n.body);
}

describe("an alert's time and the fan's zone", () => {
  it(
    'a Chicago show tells a Brooklyn fan its zone on push, SMS, email and in the centre; a Brooklyn show does not',
    async () => {
      await clearPendingDeliveries(t);
      const performer = await member(t, 'performer', { artistName: 'Night Static' });
      const chicago = await member(t, 'venue', { venueName: 'The Lantern', zipCode: '60601' });
      const brooklyn = await member(t, 'venue', {
        venueName: 'Baby Blue',
        city: 'Brooklyn',
        state: 'NY',
        zipCode: '11201',
      });
      const fanInBrooklyn = await watcher(performer.id, { homeCity: 'Brooklyn', zipCode: '11201' });
      const fanInChicago = await watcher(performer.id, { homeCity: 'Chicago', zipCode: '60601' });

      const inChicago = await announceConfirmed(t, performer, chicago, {
        genre: 'Rock',
        startsAtLocal: `${YEAR}-12-28T20:00`,
      });
      const inBrooklyn = await announceConfirmed(t, performer, brooklyn, {
        genre: 'Rock',
        startsAtLocal: `${YEAR}-12-29T20:00`,
      });
      for (const show of [inChicago, inBrooklyn]) {
        await matchEvent(t.database.orm, await eventOf(t, show.id, 'announced'));
      }
      await dispatchAll();

      const chicagoTime = `${alertWhen('Dec', 28, '8:00 PM')} CST · The Lantern, Chicago, IL`;
      const brooklynTime = `${alertWhen('Dec', 29, '8:00 PM')} · Baby Blue, Brooklyn, NY`;
      // The Brooklyn fan: Chicago's time says it is Chicago's; Brooklyn's own goes unlabelled.
      const toBrooklyn = received(fanInBrooklyn, inChicago.id);
      expect(toBrooklyn.email).toContain(chicagoTime);
      expect(toBrooklyn.push).toContain(chicagoTime);
      expect(toBrooklyn.sms).toContain(`${alertWhen('Dec', 28, '8:00 PM')} CST`);
      const local = received(fanInBrooklyn, inBrooklyn.id);
      expect(local.email).toContain(brooklynTime);
      expect(local.push).toContain(brooklynTime);
      expect(local.sms).toContain(`${alertWhen('Dec', 29, '8:00 PM')} · Baby Blue`);
      for (const body of Object.values(local)) expect(body).not.toMatch(/ E[SD]T\b/);
      expect(await centreBodies(fanInBrooklyn.cookie)).toEqual([brooklynTime, chicagoTime]);

      // The Chicago fan the other way round.
      const toChicago = received(fanInChicago, inBrooklyn.id);
      const brooklynFromChicago = `${alertWhen('Dec', 29, '8:00 PM')} EST · Baby Blue, Brooklyn, NY`;
      expect(toChicago.email).toContain(brooklynFromChicago);
      expect(toChicago.push).toContain(brooklynFromChicago);
      expect(toChicago.sms).toContain(`${alertWhen('Dec', 29, '8:00 PM')} EST`);
      const home = received(fanInChicago, inChicago.id);
      for (const body of Object.values(home)) {
        expect(body).toContain(`${alertWhen('Dec', 28, '8:00 PM')} · The Lantern`);
      }
      expect(await centreBodies(fanInChicago.cookie)).toEqual([
        brooklynFromChicago,
        `${alertWhen('Dec', 28, '8:00 PM')} · The Lantern, Chicago, IL`,
      ]);
    },
    budget(60_000),
  );

  it(
    "the daily digest's email tells each show's time in the fan's zone",
    async () => {
      await clearPendingDeliveries(t);
      // South Bend keeps Eastern time, 70 miles from Chicago's Central: near enough to match.
      const daily = await fan(t, {
        homeCity: 'South Bend',
        zipCode: '46601',
        preferredRadius: 100,
        favoriteGenres: ['Rock'],
      });
      await notificationSettings(t, daily.cookie, { genreAlerts: 'daily' });
      const venue = await member(t, 'venue', { venueName: 'The Lantern', zipCode: '60601' });
      const shows = [];
      for (const [name, day] of [
        ['Low Tide', 12],
        ['Glass Arcade', 13],
      ] as const) {
        const performer = await member(t, 'performer', { artistName: name, genres: ['Rock'] });
        const show = await announceConfirmed(t, performer, venue, {
          genre: 'Rock',
          startsAtLocal: `${YEAR}-11-${day}T21:30`,
        });
        await matchEvent(t.database.orm, await eventOf(t, show.id, 'announced'));
        shows.push(show);
      }
      await releaseDigest(t.database.orm);
      await dispatchAll();
      const { rows } = await t.database.orm.execute<{ email: string }>(
        sql`select email from "user" where id = ${daily.id}`,
      );
      const mails = sinks.mail.received.filter((m) => m.envelopeTo[0] === rows[0]?.email);
      expect(mails).toHaveLength(1);
      const text = mails[0]?.text ?? '';
      expect(text).toContain(`${alertWhen('Nov', 12, '9:30 PM')} CST · The Lantern, Chicago, IL`);
      expect(text).toContain(`${alertWhen('Nov', 13, '9:30 PM')} CST · The Lantern, Chicago, IL`);
      expect(mails[0]?.html).toContain(`${alertWhen('Nov', 13, '9:30 PM')} CST`);
    },
    budget(60_000),
  );
});
