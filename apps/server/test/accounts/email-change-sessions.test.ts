import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, PASSWORD, postJson, sessionCookie, unique } from '../support/factories.ts';
import { type MailServer, startMailingApp } from '../support/mail-app.ts';
import { send } from '../support/requests.ts';
import { startSecondProcess } from '../support/second-process.ts';
import { TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

/**
 * Second security probe, finding 6: confirming a change of the login email signs the account's other sessions
 * out, as a password change does. The link confirmed from a session of that account keeps that
 * one; confirmed signed out (another device's mail app), it leaves none. Every session is first
 * answered from memory by two API processes (decision 029), so the revocation must be seen by
 * the very next request wherever it lands.
 */
let t: TestApp;
let mail: MailServer;
let second: { app: FastifyInstance; close: () => Promise<void> };
beforeAll(async () => {
  ({ t, mail } = await startMailingApp());
  second = await startSecondProcess(t);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
  await mail?.close();
});

const LINK = new RegExp(`${TEST_ORIGIN}/account/confirm-email#token=([\\w%-]+)`);

/** The token of the newest link mailed to `email`. */
function tokenMailedTo(email: string): string {
  const mails = mail.received.filter((m) => m.envelopeTo.includes(email));
  const match = LINK.exec(mails[mails.length - 1]?.text ?? '');
  if (!match?.[1]) throw new Error(`no link mailed to ${email}`);
  return decodeURIComponent(match[1]);
}

const securityStatus = async (app: FastifyInstance, cookie: string) =>
  (await send(app, 'GET', '/api/account/security', { cookie })).statusCode;

/** Served twice by each process: the second time from its memory. */
async function cachedEverywhere(cookie: string) {
  for (const app of [t.app, second.app]) {
    expect(await securityStatus(app, cookie)).toBe(200);
    expect(await securityStatus(app, cookie)).toBe(200);
  }
}

/** One account signed in twice (A: sign-up, B: a login elsewhere), with a change waiting. */
async function twoSessionsAndALink() {
  const { input, cookie: a } = await createUser(t.app);
  const b = sessionCookie(
    await postJson(t.app, '/api/account/login', { email: input.email, password: PASSWORD }),
  );
  const next = `new.${unique()}@example.org`;
  const asked = await send(t.app, 'POST', '/api/account/email/change', {
    cookie: a,
    body: { email: next },
  });
  expect(asked.statusCode).toBe(202);
  await cachedEverywhere(a);
  await cachedEverywhere(b);
  return { a, b, next, token: tokenMailedTo(next) };
}

const confirm = (token: string, cookie?: string) =>
  send(t.app, 'POST', '/api/account/email/change/confirm', { cookie, body: { token } });
const login = (email: string) =>
  postJson(t.app, '/api/account/login', { email, password: PASSWORD });

describe('confirming an email change', () => {
  it('from session A: B fails on its next request in every process, A stays signed in', async () => {
    const { a, b, next, token } = await twoSessionsAndALink();
    const confirmed = await confirm(token, a);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: next });

    expect(await securityStatus(second.app, b)).toBe(401);
    expect(await securityStatus(t.app, b)).toBe(401);
    for (const app of [second.app, t.app]) {
      const security = await send(app, 'GET', '/api/account/security', { cookie: a });
      expect(security.statusCode).toBe(200);
      expect(security.json().email).toBe(next);
    }
  });

  it('signed out: every session of the account fails on its next request', async () => {
    const { a, b, next, token } = await twoSessionsAndALink();
    expect((await confirm(token)).statusCode).toBe(200);

    for (const app of [second.app, t.app]) {
      expect(await securityStatus(app, a)).toBe(401);
      expect(await securityStatus(app, b)).toBe(401);
    }
    // The way back in is the new address.
    const back = await login(next);
    expect(back.statusCode).toBe(200);
    expect(await securityStatus(second.app, sessionCookie(back))).toBe(200);
  });

  it("signed in as someone else: that session is not the account's, so all of its end", async () => {
    const { a, b, token } = await twoSessionsAndALink();
    const stranger = await createUser(t.app);
    await cachedEverywhere(stranger.cookie);
    expect((await confirm(token, stranger.cookie)).statusCode).toBe(200);

    for (const app of [second.app, t.app]) {
      expect(await securityStatus(app, a)).toBe(401);
      expect(await securityStatus(app, b)).toBe(401);
      expect(await securityStatus(app, stranger.cookie)).toBe(200);
    }
  });

  it('a refused link (used, forged) signs nobody out', async () => {
    const { a, b, token } = await twoSessionsAndALink();
    expect((await confirm(`${token.slice(0, -2)}xx`)).statusCode).toBe(400);
    expect(await securityStatus(t.app, a)).toBe(200);
    expect(await securityStatus(t.app, b)).toBe(200);
    expect((await confirm(token, a)).statusCode).toBe(200);
    // Opened again, signed out: the link is used, and A stays signed in.
    expect((await confirm(token)).statusCode).toBe(400);
    expect(await securityStatus(t.app, a)).toBe(200);
    expect(await securityStatus(t.app, b)).toBe(401);
  });
});
