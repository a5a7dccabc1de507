import type { TShow, TShowInput } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryKey, type OutboundChannel } from '../../src/alerts/channel-sender.ts';
import { releaseDigest } from '../../src/alerts/digest.ts';
import { createDispatchStep, DISPATCH_DEFAULTS } from '../../src/alerts/dispatch-loop.ts';
import { createOutbox } from '../../src/alerts/outbox.ts';
import { type ListeningTestApp, startAlertServer } from '../support/alert-server.ts';
import { eventOf, fan, notificationSettings, verifyPhone, watch } from '../support/alerts.ts';
import { budget } from '../support/budget.ts';
import { alertWhen, YEAR } from '../support/dates.ts';
import { type FaultSinks, startFaultSinks } from '../support/fault-sinks.ts';
import { eventually, recordingSender } from '../support/recording-sender.ts';
import { announceConfirmed, member } from '../support/shows.ts';

let sinks: FaultSinks;
let t: ListeningTestApp;

beforeAll(async () => {
  sinks = await startFaultSinks();
  // The real engine against the local SMTP, SMS and push servers; the test releases the digest.
  t = await startAlertServer(
    {
      push: sinks.pushTrust,
      dispatch: { pollMs: 50, baseDelayMs: 100, maxDelayMs: 400 },
      digestCron: null,
    },
    undefined,
    true,
    sinks.config(),
  );
}, budget(60_000));
afterAll(async () => {
  await t?.close();
  await sinks?.close();
});

const BASE = 'http://localhost:3000';

type Contact = { id: string; email: string; e164: string; endpoint: string };

/** A fan of the given home and genres, with what the sinks know them by. */
async function fanAt(zipCode: string, homeCity: string, favoriteGenres: string[]) {
  const f = await fan(t, { zipCode, homeCity, favoriteGenres, preferredRadius: 25 });
  const { rows } = await t.database.orm.execute<{ email: string; phone: string }>(sql`
    select u.email, fp.phone from "user" u join fan_profiles fp on fp.user_id = u.id
    where u.id = ${f.id}`);
  const row = rows[0] as { email: string; phone: string };
  const contact: Contact = {
    id: f.id,
    email: row.email,
    e164: `+1${row.phone.replace(/\D/g, '')}`,
    endpoint: `/push/${f.id}`,
  };
  return { ...f, ...contact };
}

/** SMS on (opted in, verified) and one browser subscribed at the local push service. */
async function allChannels(f: { id: string; cookie: string }) {
  await t.database.orm.execute(
    sql`update fan_profiles set sms_opt_in = true where user_id = ${f.id}`,
  );
  await verifyPhone(t, f.id);
  await t.database.orm.execute(sql`
    insert into push_subscriptions (fan_id, endpoint, p256dh, auth)
    values (${f.id}, ${`${sinks.push.url}/push/${f.id}`}, ${sinks.browser.keys.p256dh},
      ${sinks.browser.keys.auth})`);
}

const mailsTo = (c: Contact) => sinks.mail.received.filter((m) => m.envelopeTo.includes(c.email));
const textsTo = (c: Contact) => sinks.sms.messages.filter((m) => m.to === c.e164);
const pushesTo = (c: Contact) =>
  sinks.push.received.filter((r) => r.path === c.endpoint && r.status === 201);
const outbound = (c: Contact) => mailsTo(c).length + textsTo(c).length + pushesTo(c).length;

type Row = {
  /** The row's event: with the fan and the channel, its key. */
  id: string;
  channel: string;
  state: string;
  digest: boolean;
  carrier_id: string | null;
  attempts: number;
  last_error: string | null;
};

async function rowsOf(fanId: string): Promise<Row[]> {
  const { rows } = await t.database.orm.execute<Row>(sql`
    select show_event_id as id, channel, state, digest, carrier_event_id as carrier_id, attempts,
      last_error
    from alert_deliveries where fan_id = ${fanId} order by created_at, show_event_id, channel`);
  return rows;
}

const settledFor = async (...fans: Contact[]) => {
  for (const f of fans) {
    if ((await rowsOf(f.id)).some((r) => r.state === 'pending')) return false;
  }
  return true;
};

/**
 * Once every row that is due has been sent and recorded, one more dispatch pass on each channel
 * claims nothing: what the running loops would find on their next poll, found without waiting.
 */
async function nothingLeftToSend() {
  await eventually(async () => {
    const { rows } = await t.database.orm.execute<{ n: number }>(sql`
      select count(*)::int as n from alert_deliveries where state = 'pending' and not digest`);
    return rows[0]?.n === 0;
  }, 15_000);
  const outbox = createOutbox(t.database.orm, t.config.publicUrl);
  for (const channel of ['email', 'sms', 'push'] as const) {
    const step = createDispatchStep(outbox, recordingSender(channel).sender, t.app.log, {
      ...DISPATCH_DEFAULTS,
      yieldToMatchMs: 0,
    });
    expect(await step.tick()).toMatchObject({ claimed: 0 });
  }
}

type Performer = Awaited<ReturnType<typeof member>>;
type ShowPlan = {
  artist: string;
  genre: NonNullable<TShowInput['genre']>;
  startsAtLocal: string;
  performer?: Performer;
};

/** Announces shows at a venue, one performer each, and waits until the engine matched them. */
async function announceShows(venue: Awaited<ReturnType<typeof member>>, shows: ShowPlan[]) {
  const announced: Array<ShowPlan & { performer: Performer; show: TShow; eventId: string }> = [];
  for (const s of shows) {
    const performer = s.performer ?? (await member(t, 'performer', { artistName: s.artist }));
    const show = await announceConfirmed(t, performer, venue, {
      genre: s.genre,
      startsAtLocal: s.startsAtLocal,
    });
    announced.push({ ...s, performer, show, eventId: await eventOf(t, show.id, 'announced') });
  }
  await eventually(async () => {
    const { rows } = await t.database.orm.execute<{ n: number }>(sql`
      select count(*)::int as n from show_events
      where id = any(${sql.param(announced.map((a) => a.eventId))}::text[])
        and matched_at is null`);
    return rows[0]?.n === 0;
  }, 15_000);
  return announced;
}

describe('the daily digest', () => {
  it('holds genre matches of daily fans, then sends one email, text and push listing them', async () => {
    const venue = await member(t, 'venue', {
      venueName: 'The Lantern',
      city: 'Brooklyn',
      state: 'NY',
      zipCode: '11211',
    });
    // Chose the daily digest, on every outbound channel.
    const daily = await fanAt('11201', 'Brooklyn', ['Rock']);
    await notificationSettings(t, daily.cookie, { genreAlerts: 'daily', sms: true });
    await allChannels(daily);
    // Instant (the default), email only: no browser subscribed, SMS off.
    const instant = await fanAt('11201', 'Brooklyn', ['Rock']);
    // Daily, but watching Night Static: the watch's alert never waits.
    const watcher = await fanAt('11201', 'Brooklyn', ['Pop']);
    await notificationSettings(t, watcher.cookie, { genreAlerts: 'daily' });
    // Daily, and only one show of their genre: the normal single alert.
    const single = await fanAt('11201', 'Brooklyn', ['Jazz']);
    await notificationSettings(t, single.cookie, { genreAlerts: 'daily' });

    const nightStaticPerformer = await member(t, 'performer', { artistName: 'Night Static' });
    await watch(t, watcher.cookie, nightStaticPerformer.id, ['email']);

    const started = Date.now();
    const [nightStatic, lowTide, glassArcade, blueHour] = await announceShows(venue, [
      {
        artist: 'Night Static',
        genre: 'Rock',
        startsAtLocal: `${YEAR}-12-01T20:00`,
        performer: nightStaticPerformer,
      },
      { artist: 'Low Tide', genre: 'Rock', startsAtLocal: `${YEAR}-12-02T20:00` },
      { artist: 'Glass Arcade', genre: 'Rock', startsAtLocal: `${YEAR}-12-03T21:30` },
      { artist: 'Blue Hour', genre: 'Jazz', startsAtLocal: `${YEAR}-12-04T19:00` },
    ]);
    if (!nightStatic || !lowTide || !glassArcade || !blueHour) throw new Error('four shows');

    // Instant alerts go out at once: three emails to the instant fan, one to the watcher.
    await eventually(() => mailsTo(instant).length === 3 && mailsTo(watcher).length === 1, 15_000);
    expect(mailsTo(instant).map((m) => m.headers.subject)).toEqual(
      expect.arrayContaining([
        'Night Static announced a show',
        'Low Tide announced a show',
        'Glass Arcade announced a show',
      ]),
    );
    expect(mailsTo(watcher)[0]?.text).toContain('Why you got this: You watch Night Static');
    // In-app alerts were there at once for the daily fans too.
    const inApp = (rows: Row[]) => rows.filter((r) => r.channel === 'in_app');
    expect(inApp(await rowsOf(daily.id)).map((r) => r.state)).toEqual(['sent', 'sent', 'sent']);
    expect(inApp(await rowsOf(single.id)).map((r) => r.state)).toEqual(['sent']);
    // Nothing outbound for the digest fans, however long dispatch polls: no pass claims their
    // held rows, and none ever leased one (a claim moves next_attempt_at ahead).
    await nothingLeftToSend();
    expect([outbound(daily), outbound(single)]).toEqual([0, 0]);
    const held = (await rowsOf(daily.id)).filter((r) => r.channel !== 'in_app');
    expect(held).toHaveLength(9);
    for (const r of held) expect(r).toMatchObject({ state: 'pending', digest: true });
    const { rows: leased } = await t.database.orm.execute<{ n: number }>(sql`
      select count(*)::int as n from alert_deliveries
      where digest and fan_id in (${daily.id}, ${single.id}) and next_attempt_at > now()`);
    expect(leased[0]?.n).toBe(0);

    // Two workers' crons at once, then a late rerun: released once.
    const releases = await Promise.all([
      releaseDigest(t.database.orm),
      releaseDigest(t.database.orm),
    ]);
    expect(releases).toEqual(
      expect.arrayContaining([
        { messages: 4, carried: 6 },
        { messages: 0, carried: 0 },
      ]),
    );
    await eventually(() => settledFor(daily, single), 15_000);
    expect(await releaseDigest(t.database.orm)).toEqual({ messages: 0, carried: 0 });
    await nothingLeftToSend();

    // The outbox: per channel one carrier (the earliest row, due and sent) and two carried rows
    // that took its state.
    const rows = await rowsOf(daily.id);
    const carrierOf: Record<string, string> = {};
    for (const channel of ['email', 'sms', 'push']) {
      const ofChannel = rows.filter((r) => r.channel === channel);
      const [carrier, ...carried] = ofChannel;
      if (!carrier) throw new Error(`no ${channel} rows`);
      carrierOf[channel] = deliveryKey(carrier.id, daily.id, channel as OutboundChannel);
      expect(carrier).toMatchObject({
        state: 'sent',
        digest: false,
        carrier_id: null,
        attempts: 1,
      });
      expect(carried).toHaveLength(2);
      for (const r of carried) {
        expect(r).toMatchObject({
          state: 'sent',
          digest: true,
          carrier_id: carrier.id,
          attempts: 1,
        });
      }
    }

    // One email listing the three shows in date order, with the unsubscribe headers and link.
    const mails = mailsTo(daily);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.headers.subject).toBe('3 new shows near Brooklyn, NY');
    expect(mail?.headers['message-id']).toBe(`<alert-${carrierOf.email}@localhost>`);
    expect(mail?.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/unsubscribe\/[^>]+>$/,
    );
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const text = mail?.text ?? '';
    const shows = [nightStatic, lowTide, glassArcade];
    const bodies = [
      `${alertWhen('Dec', 1, '8:00 PM')} · The Lantern, Brooklyn, NY`,
      `${alertWhen('Dec', 2, '8:00 PM')} · The Lantern, Brooklyn, NY`,
      `${alertWhen('Dec', 3, '9:30 PM')} · The Lantern, Brooklyn, NY`,
    ];
    const positions = shows.map((s, i) => {
      const block = [
        `${s.artist} announced a show`,
        bodies[i],
        `View show: ${BASE}/shows/${s.show.id}`,
        'Why you got this: Rock show 2 mi from Brooklyn, NY — within your 25 mi radius',
      ].join('\n');
      expect(text).toContain(block);
      expect(mail?.html).toContain(`href="${BASE}/shows/${s.show.id}"`);
      return text.indexOf(block);
    });
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(text).not.toContain('Blue Hour');
    expect(text).toContain(`All your alerts: ${BASE}/alerts`);
    expect(text).toMatch(
      /Unsubscribe from alert emails: http:\/\/localhost:3000\/unsubscribe\?token=/,
    );
    expect(mail?.html).toContain('3 new shows near Brooklyn, NY');
    expect(mail?.html).toContain('>Unsubscribe</a> from alert emails');

    // One text, one segment, pointing at the alerts page.
    const texts = textsTo(daily);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toBe(
      `3 new shows near you on Encore: Night Static (Dec 1, ${YEAR}), Low Tide (Dec 2, ${YEAR}), Glass Arcade (Dec 3, ${YEAR}) ${BASE}/alerts Reply STOP to stop.`,
    );
    expect(texts[0]?.body.length).toBeLessThanOrEqual(160);
    expect(texts[0]?.key).toBe(`encore-alert-${carrierOf.sms}`);

    // One push, opening the alerts page.
    const pushes = pushesTo(daily);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.headers.topic).toBe(`alert-${carrierOf.push}`);
    expect(JSON.parse(sinks.browser.decrypt(pushes[0]?.body ?? Buffer.alloc(0)))).toEqual({
      id: `encore-alert-${carrierOf.push}`,
      title: '3 new shows near Brooklyn, NY',
      body: `Night Static (Dec 1, ${YEAR}), Low Tide (Dec 2, ${YEAR}) and Glass Arcade (Dec 3, ${YEAR})`,
      url: `${BASE}/alerts`,
      tag: `digest:${carrierOf.push}`,
    });

    // A single held alert goes out as the normal alert.
    const singles = mailsTo(single);
    expect(singles).toHaveLength(1);
    expect(singles[0]?.headers.subject).toBe('Blue Hour announced a show');
    expect(singles[0]?.text).toContain(`View show: ${BASE}/shows/${blueHour.show.id}`);
    expect(singles[0]?.text).toContain(
      'Why you got this: Jazz show 2 mi from Brooklyn, NY — within your 25 mi radius',
    );

    // Nothing more for anyone after the release.
    expect([mailsTo(instant).length, mailsTo(watcher).length]).toEqual([3, 1]);
    console.info(`digest end to end: ${Date.now() - started} ms`);
  });

  it('a digest that fails for good fails every alert it carries, with the reason', async () => {
    const venue = await member(t, 'venue', { venueName: 'The Blue Room', zipCode: '60601' });
    const rejected = await fanAt('60614', 'Chicago', ['Rock']);
    await notificationSettings(t, rejected.cookie, { genreAlerts: 'daily', push: false });
    const greylisted = await fanAt('60614', 'Chicago', ['Rock']);
    await notificationSettings(t, greylisted.cookie, { genreAlerts: 'daily', push: false });
    sinks.mail.rejectRecipient(rejected.email, 550);
    sinks.mail.rejectRecipient(greylisted.email, 450);
    await announceShows(venue, [
      { artist: 'Static Bloom', genre: 'Rock', startsAtLocal: `${YEAR}-11-01T20:00` },
      { artist: 'Paper Moons', genre: 'Rock', startsAtLocal: `${YEAR}-11-02T20:00` },
      { artist: 'Iron Orchard', genre: 'Rock', startsAtLocal: `${YEAR}-11-03T20:00` },
    ]);
    expect(await releaseDigest(t.database.orm)).toEqual({ messages: 2, carried: 4 });

    await eventually(() => settledFor(rejected), 15_000);
    const failed = (await rowsOf(rejected.id)).filter((r) => r.channel === 'email');
    expect(failed).toHaveLength(3);
    for (const r of failed) {
      expect(r).toMatchObject({ state: 'failed', attempts: 1 });
      expect(r.last_error).toMatch(/550 recipient refused/);
    }
    expect(mailsTo(rejected)).toEqual([]);

    // A passing refusal retries the carrier alone; its carried rows wait with it, then go with it.
    const emailsOf = async () => (await rowsOf(greylisted.id)).filter((r) => r.channel === 'email');
    await eventually(async () => ((await emailsOf())[0]?.attempts ?? 0) >= 2, 15_000);
    const [carrier, ...carried] = await emailsOf();
    expect(carrier).toMatchObject({ state: 'pending', last_error: expect.stringMatching(/450/) });
    for (const r of carried) expect(r).toMatchObject({ state: 'pending', attempts: 0 });
    sinks.mail.acceptRecipient(greylisted.email);
    await eventually(() => settledFor(greylisted), 15_000);
    const sent = await emailsOf();
    const attempts = sent[0]?.attempts;
    for (const r of sent) expect(r).toMatchObject({ state: 'sent', attempts, last_error: null });
    expect(mailsTo(greylisted).map((m) => m.headers.subject)).toEqual([
      '3 new shows near Chicago, IL',
    ]);
  });
});
