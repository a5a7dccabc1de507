import { EMAIL_CHANGE_MESSAGES, type TRole } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { createUser, PASSWORD, postJson, unique } from '../support/factories.ts';
import { type MailServer, withMailingApp } from '../support/mail-app.ts';
import { INPUTS, saveProfile } from '../support/profile-inputs.ts';
import { send } from '../support/requests.ts';
import { TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

// Performers and venues change their LOGIN address from Settings › Security through the same
// endpoints as fans; their profile's Email is the band's or venue's contact address and stays.

let t: TestApp;
let mail: MailServer;
withMailingApp((started) => ({ t, mail } = started));

const LINK = new RegExp(`${TEST_ORIGIN}/account/confirm-email#token=([\\w%-]+)`);
const mailsTo = (email: string) => mail.received.filter((m) => m.envelopeTo.includes(email));

const login = (email: string) =>
  postJson(t.app, '/api/account/login', { email, password: PASSWORD });

function tokenMailedTo(email: string): string {
  const mails = mailsTo(email);
  const match = LINK.exec(mails[mails.length - 1]?.text ?? '');
  if (!match?.[1]) throw new Error(`no link mailed to ${email}`);
  return decodeURIComponent(match[1]);
}

/** A performer or venue whose profile holds a contact address of its own (not the login). */
async function account(role: Exclude<TRole, 'fan'>) {
  const { user, cookie } = await createUser(t.app, { role });
  const contact = `bookings.${unique()}@example.org`;
  const saved = await saveProfile(t.app, role, cookie, INPUTS[role]({ email: contact }));
  expect(saved.statusCode).toBe(200);
  return { user, cookie, contact };
}

const profileEmail = async (role: TRole, cookie: string) =>
  (await send(t.app, 'GET', `/api/profile/${role}`, { cookie })).json().profile.email;

describe.each(['performer', 'venue'] as const)('a %s changes the login email', (role) => {
  it('by the link: the new address logs in, the old does not, the contact email stays', async () => {
    const { user, cookie, contact } = await account(role);
    const next = `new.${unique()}@example.org`;

    const asked = await send(t.app, 'POST', '/api/account/email/change', {
      cookie,
      body: { email: next },
    });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ email: user.email, pending: { newEmail: next } });
    expect((await login(next)).statusCode).toBe(401);

    // Opened where the change was asked: that session stays signed in.
    const confirmed = await send(t.app, 'POST', '/api/account/email/change/confirm', {
      cookie,
      body: { token: tokenMailedTo(next) },
    });
    expect(confirmed.statusCode).toBe(200);

    expect((await login(next)).statusCode).toBe(200);
    expect((await login(user.email)).statusCode).toBe(401);
    const security = await send(t.app, 'GET', '/api/account/security', { cookie });
    expect(security.json()).toMatchObject({ email: next, emailVerified: true });
    // Only a fan's profile mirrors the account address: the band's / venue's stays put.
    expect(await profileEmail(role, cookie)).toBe(contact);
    const state = await send(t.app, 'GET', '/api/account/email/change', { cookie });
    expect(state.json()).toEqual({ email: next, pending: null });
    expect(
      mailsTo(user.email).some(
        (m) => m.headers.subject === 'Your Encore email address was changed',
      ),
    ).toBe(true);
  });

  it('may take its own contact address as the login; a taken or the same address is refused', async () => {
    const { user, cookie, contact } = await account(role);
    const other = await createUser(t.app);
    const ask = (email: string) =>
      send(t.app, 'POST', '/api/account/email/change', { cookie, body: { email } });

    const taken = await ask(other.user.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'EMAIL_TAKEN',
      fields: { email: EMAIL_CHANGE_MESSAGES.taken },
    });
    const same = await ask(user.email);
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields).toEqual({ email: EMAIL_CHANGE_MESSAGES.sameAsCurrent });
    expect((await ask('not-an-email')).statusCode).toBe(400);

    // The contact address is no account's login, so it is free to become this one's.
    expect((await ask(contact)).statusCode).toBe(202);
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/email/change',
      headers: { cookie },
    });
    expect(cancelled.statusCode).toBe(204);
    const state = await send(t.app, 'GET', '/api/account/email/change', { cookie });
    expect(state.json()).toEqual({ email: user.email, pending: null });
  });
});
