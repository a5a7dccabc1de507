import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelSender } from '../../src/alerts/channel-sender.ts';
import { createEmailAlertSender } from '../../src/alerts/channels/email-alert-sender.ts';
import { createDispatchStep, DISPATCH_DEFAULTS } from '../../src/alerts/dispatch-loop.ts';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { createOutbox } from '../../src/alerts/outbox.ts';
import { eventOf, fan, watch } from '../support/alerts.ts';
import { createUser, PASSWORD, postJson, unique } from '../support/factories.ts';
import { type MailServer, startMailingApp } from '../support/mail-app.ts';
import { send } from '../support/requests.ts';
import { announceConfirmed, laterStart, member } from '../support/shows.ts';
import { TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let mail: MailServer;
let alertSender: ChannelSender;
beforeAll(async () => {
  ({ t, mail } = await startMailingApp());
  alertSender = createEmailAlertSender({ config: t.config, orm: t.database.orm, log: t.app.log });
});
afterAll(async () => {
  await alertSender?.close?.();
  await t?.close();
  await mail?.close();
});

const LINK = new RegExp(`${TEST_ORIGIN}/account/confirm-email#token=([\\w%-]+)`);
const mailsTo = (email: string) => mail.received.filter((m) => m.envelopeTo.includes(email));
const newAddress = () => `new.${unique()}@example.org`;

const requestChange = (cookie: string, email: string) =>
  send(t.app, 'POST', '/api/account/email/change', { cookie, body: { email } });
/** Opens the link signed out, or in a browser signed in with `cookie` (which then stays so). */
const confirm = (token: string, cookie?: string) =>
  send(t.app, 'POST', '/api/account/email/change/confirm', { cookie, body: { token } });
const login = (email: string) =>
  postJson(t.app, '/api/account/login', { email, password: PASSWORD });
const security = async (cookie: string) =>
  (await send(t.app, 'GET', '/api/account/security', { cookie })).json();

/** The token of the newest link mailed to `email`. */
function tokenMailedTo(email: string): string {
  const mails = mailsTo(email);
  const match = LINK.exec(mails[mails.length - 1]?.text ?? '');
  if (!match?.[1]) throw new Error(`no link mailed to ${email}`);
  return decodeURIComponent(match[1]);
}

async function accountRow(userId: string) {
  const { rows } = await t.database.orm.execute<{ email: string; fan_email: string | null }>(sql`
    select u.email, fp.email as fan_email from "user" u
    left join fan_profiles fp on fp.user_id = u.id where u.id = ${userId}`);
  return rows[0];
}

/** Announces a show by `performer` at `venue`, matches it and runs one email dispatch pass. */
async function alertEmailsFor(performer: { id: string; cookie: string }, day: number) {
  const venue = await member(t, 'venue', { zipCode: '10001' });
  const show = await announceConfirmed(t, performer, venue, {
    genre: 'Rock',
    startsAtLocal: laterStart(day),
  });
  await matchEvent(t.database.orm, await eventOf(t, show.id, 'announced'));
  const step = createDispatchStep(
    createOutbox(t.database.orm, t.config.publicUrl),
    alertSender,
    t.app.log,
    { ...DISPATCH_DEFAULTS, pollMs: 50 },
  );
  await step.tick();
  return show;
}

describe('changing the account email', () => {
  it('mails a link to the new address and changes nothing until it is opened', async () => {
    const { user, cookie } = await createUser(t.app);
    const next = newAddress();
    const response = await requestChange(cookie, next.toUpperCase());
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({
      email: user.email,
      pending: { newEmail: next },
    });
    const [message, ...more] = mailsTo(next);
    expect(more).toEqual([]);
    expect(message?.headers.subject).toBe('Confirm your new Encore email address');
    expect(tokenMailedTo(next)).toMatch(/^[\w-]{43}$/);
    expect(mailsTo(user.email)).toEqual([]);

    // Nothing changed yet: the old address logs in, the new one does not; Security says the old.
    expect((await login(user.email)).statusCode).toBe(200);
    expect((await login(next)).statusCode).toBe(401);
    expect((await security(cookie)).email).toBe(user.email);
    const state = await send(t.app, 'GET', '/api/account/email/change', { cookie });
    expect(state.json()).toMatchObject({ email: user.email, pending: { newEmail: next } });
    expect((await accountRow(user.id))?.email).toBe(user.email);
  });

  it('once confirmed: login, the Security tab, the profile and alert mail use the new address; the old one is told', async () => {
    const performer = await member(t, 'performer');
    const watcher = await fan(t, { zipCode: '10001', favoriteGenres: ['Rock'] });
    await watch(t, watcher.cookie, performer.id, ['email']);
    const old = (await accountRow(watcher.id))?.email ?? '';
    const next = newAddress();
    expect((await requestChange(watcher.cookie, next)).statusCode).toBe(202);

    // Before the link is opened, alerts still go to the old address.
    await alertEmailsFor(performer, 1);
    expect(mailsTo(old).filter((m) => /announced/.test(m.headers.subject ?? ''))).toHaveLength(1);

    // Opened where the change was asked: that session stays (email-change-sessions.test.ts).
    const confirmed = await confirm(tokenMailedTo(next), watcher.cookie);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: next });

    expect((await login(next)).statusCode).toBe(200);
    expect((await login(old)).statusCode).toBe(401);
    expect(await security(watcher.cookie)).toMatchObject({ email: next, emailVerified: true });
    // "user".email and the fan profile's copy move together.
    expect(await accountRow(watcher.id)).toEqual({ email: next, fan_email: next });
    const profile = await send(t.app, 'GET', '/api/profile/fan', { cookie: watcher.cookie });
    expect(profile.json().profile.email).toBe(next);
    const state = await send(t.app, 'GET', '/api/account/email/change', {
      cookie: watcher.cookie,
    });
    expect(state.json()).toEqual({ email: next, pending: null });

    const notice = mailsTo(old).find(
      (m) => m.headers.subject === 'Your Encore email address was changed',
    );
    const masked = `${next[0]}***@example.org`;
    expect(notice?.text).toContain(
      `Your Encore email was changed to ${masked}; if this wasn't you, contact help@x.test`,
    );
    expect(notice?.text).not.toContain(next);

    await alertEmailsFor(performer, 2);
    const alerts = (to: string) =>
      mailsTo(to).filter((m) => /announced/.test(m.headers.subject ?? '')).length;
    expect(alerts(next)).toBe(1);
    expect(alerts(old)).toBe(1);
  });

  it('a link works once; a forged or cancelled one does nothing', async () => {
    const { user, cookie } = await createUser(t.app);
    const next = newAddress();
    await requestChange(cookie, next);
    const token = tokenMailedTo(next);
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'BAD_REQUEST' });

    const forged = await confirm(`${token.slice(0, -2)}xx`);
    expect(forged.statusCode).toBe(400);
    expect((await confirm('')).statusCode).toBe(400);

    const other = await createUser(t.app);
    const cancelled = newAddress();
    await requestChange(other.cookie, cancelled);
    const cancelledToken = tokenMailedTo(cancelled);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/email/change',
      headers: { cookie: other.cookie },
    });
    expect(cancel.statusCode).toBe(204);
    expect((await confirm(cancelledToken)).statusCode).toBe(400);
    expect((await accountRow(other.user.id))?.email).toBe(other.user.email);
    expect((await accountRow(user.id))?.email).toBe(next);
  });

  it('an expired link is refused and changes nothing', async () => {
    const { user, cookie } = await createUser(t.app);
    const next = newAddress();
    await requestChange(cookie, next);
    await t.database.orm.execute(sql`
      update email_changes set expires_at = now() - interval '1 minute' where user_id = ${user.id}`);
    const response = await confirm(tokenMailedTo(next));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/expired/);
    expect((await accountRow(user.id))?.email).toBe(user.email);
  });

  it('resend mails a new link and the earlier one stops working', async () => {
    const { user, cookie } = await createUser(t.app);
    const next = newAddress();
    await requestChange(cookie, next);
    const first = tokenMailedTo(next);
    const resent = await send(t.app, 'POST', '/api/account/email/change/resend', { cookie });
    expect(resent.statusCode).toBe(202);
    expect(mailsTo(next)).toHaveLength(2);
    const second = tokenMailedTo(next);
    expect(second).not.toBe(first);
    expect((await confirm(first)).statusCode).toBe(400);
    expect((await confirm(second, cookie)).statusCode).toBe(200);
    expect((await accountRow(user.id))?.email).toBe(next);

    const none = await send(t.app, 'POST', '/api/account/email/change/resend', { cookie });
    expect(none.statusCode).toBe(404);
  });

  it('refuses an address of another account (409), the current one and an invalid one (400)', async () => {
    const { user, cookie } = await createUser(t.app);
    const other = await createUser(t.app);
    const taken = await requestChange(cookie, other.user.email.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'EMAIL_TAKEN',
      fields: { email: 'This email is already registered to another account' },
    });
    const same = await requestChange(cookie, user.email);
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields.email).toBe('This is already your email address');
    const invalid = await requestChange(cookie, 'not-an-email');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields.email).toBe('Invalid email address');
    expect(mail.received.filter((m) => m.envelopeTo.includes(other.user.email))).toEqual([]);
    const state = await send(t.app, 'GET', '/api/account/email/change', { cookie });
    expect(state.json().pending).toBeNull();
  });

  it('an address taken after the request is refused at confirmation (409), nothing changed', async () => {
    const { user, cookie } = await createUser(t.app);
    const next = newAddress();
    await requestChange(cookie, next);
    await createUser(t.app, { email: next });
    const response = await confirm(tokenMailedTo(next));
    expect(response.statusCode).toBe(409);
    expect((await accountRow(user.id))?.email).toBe(user.email);
  });

  it('a fan’s email is no longer changed by the profile PATCH', async () => {
    const watcher = await fan(t);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile/fan',
      headers: { cookie: watcher.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: newAddress() }),
    });
    expect(response.statusCode).toBe(400);
  });
});
