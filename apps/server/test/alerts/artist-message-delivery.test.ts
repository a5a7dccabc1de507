import { ARTIST_MESSAGE_HIDDEN_AT_REPORTS } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArtistMessageOutbox } from '../../src/alerts/artist-message-outbox.ts';
import { createArtistMessageEmailSender } from '../../src/alerts/channels/artist-message-email-sender.ts';
import { createDispatchStep } from '../../src/alerts/dispatch-loop.ts';
import { fan, watch } from '../support/alerts.ts';
import { type MailServer, startMailingApp } from '../support/mail-app.ts';
import { send } from '../support/profile-inputs.ts';
import { member } from '../support/shows.ts';
import type { TestApp } from '../support/test-app.ts';
import { FAST_DISPATCH } from './support/dispatch.ts';

let t: TestApp;
let mail: MailServer;
let sender: ReturnType<typeof createArtistMessageEmailSender>;
beforeAll(async () => {
  ({ t, mail } = await startMailingApp());
  sender = createArtistMessageEmailSender({
    config: t.config,
    orm: t.database.orm,
    log: t.app.log,
  });
});
afterAll(async () => {
  await sender?.close?.();
  await t?.close();
  await mail?.close();
});

/** One pass of the artist messages' dispatch loop, driven: what a worker would send next. */
const pass = () =>
  createDispatchStep(
    createArtistMessageOutbox(t.database.orm, t.config.publicUrl),
    sender,
    t.app.log,
    FAST_DISPATCH,
  ).tick();

async function emailOf(id: string) {
  const { rows } = await t.database.orm.execute<{ email: string }>(
    sql`select email from "user" where id = ${id}`,
  );
  return rows[0]?.email as string;
}
const mailsTo = async (id: string) => {
  const email = await emailOf(id);
  return mail.received.filter((m) => m.envelopeTo.includes(email));
};

async function message(p: { cookie: string }, body: string) {
  const response = await send(t.app, 'POST', '/api/artist-messages', p.cookie, {
    body,
    audience: 'all',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

describe('artist message email through the outbox', () => {
  it('mails each fan who allows it exactly once, with the unsubscribe link of artist messages', async () => {
    const p = await member(t, 'performer', { artistName: 'Night Static', genres: ['Country'] });
    const a = await fan(t);
    const b = await fan(t);
    await watch(t, a.cookie, p.id, ['push']);
    await watch(t, b.cookie, p.id, ['push']);
    const id = await message(p, 'Presale code: STATIC24\nTickets Friday 10 AM');

    const first = await pass();
    expect(first).toMatchObject({ claimed: 2, sent: 2 });
    // Everything is recorded sent: another pass finds nothing, and nothing more is mailed.
    expect(await pass()).toMatchObject({ claimed: 0 });
    const [toA] = await mailsTo(a.id);
    expect(await mailsTo(a.id)).toHaveLength(1);
    expect(await mailsTo(b.id)).toHaveLength(1);
    expect(toA?.headers.subject).toBe('Message from Night Static');
    expect(toA?.text).toContain('Presale code: STATIC24');
    expect(toA?.text).toContain('Why you got this: You watch Night Static');
    expect(toA?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const { rows } = await t.database.orm.execute<{ state: string; n: number }>(sql`
      select state, count(*)::int as n from artist_message_deliveries
      where message_id = ${id} and channel = 'email' group by state`);
    expect(rows).toEqual([{ state: 'sent', n: 2 }]);

    // The mail's own link switches off artist message emails, and nothing else.
    const link = /<([^>]+)>/.exec(toA?.headers['list-unsubscribe'] ?? '')?.[1] as string;
    const unsubscribe = await t.app.inject({
      method: 'POST',
      url: new URL(link).pathname,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.net',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribe.statusCode, unsubscribe.body).toBe(200);
    expect(unsubscribe.json().scope).toBe('artists');
    const settings = (await send(t.app, 'GET', '/api/settings/fan', a.cookie)).json();
    expect(settings.notifications).toMatchObject({ artistMessages: false, email: true });

    // The next message reaches a in the centre only.
    const next = await message(p, 'New date: Dec 12');
    expect(await pass()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await mailsTo(a.id)).toHaveLength(1);
    expect(await mailsTo(b.id)).toHaveLength(2);
    const { rows: centre } = await t.database.orm.execute(sql`
      select 1 from artist_message_deliveries
      where message_id = ${next} and fan_id = ${a.id} and channel = 'in_app'`);
    expect(centre).toHaveLength(1);
  });

  it('a mute before the email leaves stops it: recorded failed, never mailed', async () => {
    const p = await member(t, 'performer', { artistName: 'Quiet Room', genres: ['Country'] });
    const f = await fan(t);
    await watch(t, f.cookie, p.id, ['push']);
    const id = await message(p, 'Soundcheck livestream tonight');
    const mute = await send(t.app, 'PUT', `/api/artist-mutes/${p.id}`, f.cookie);
    expect(mute.statusCode).toBe(200);
    expect(await pass()).toMatchObject({ claimed: 1, failed: 1, sent: 0 });
    expect(await mailsTo(f.id)).toHaveLength(0);
    const { rows } = await t.database.orm.execute<{ state: string }>(sql`
      select state from artist_message_deliveries where message_id = ${id} and channel = 'email'`);
    expect(rows).toEqual([{ state: 'failed' }]);
  });

  it('reports that hide a message before its email leaves stop the email: failed, never mailed', async () => {
    const p = await member(t, 'performer', { artistName: 'Card Trick', genres: ['Country'] });
    const reader = await fan(t);
    await watch(t, reader.cookie, p.id, ['push']);
    const reporters = [];
    for (let i = 0; i < ARTIST_MESSAGE_HIDDEN_AT_REPORTS; i++) {
      const f = await fan(t);
      await watch(t, f.cookie, p.id, ['push']);
      reporters.push(f);
    }
    const id = await message(p, 'Send me your card number for a presale');
    for (const f of reporters) {
      const reported = await send(t.app, 'POST', `/api/artist-messages/${id}/report`, f.cookie, {});
      expect(reported.statusCode, reported.body).toBe(204);
    }
    const fans = [reader, ...reporters];
    expect(await pass()).toMatchObject({ claimed: fans.length, failed: fans.length, sent: 0 });
    for (const f of fans) expect(await mailsTo(f.id)).toHaveLength(0);
    const { rows } = await t.database.orm.execute<{ state: string }>(sql`
      select distinct state from artist_message_deliveries
      where message_id = ${id} and channel = 'email'`);
    expect(rows).toEqual([{ state: 'failed' }]);
  });
});
