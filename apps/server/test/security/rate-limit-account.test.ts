import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback } from '../../src/db/schema/index.ts';
import { PER_ADDRESS_FACTOR } from '../../src/http/rate-limit.ts';
import { createUser, PASSWORD, postJson } from '../support/factories.ts';
import { insertFanProfile } from '../support/fan-profile-row.ts';
import { makeTempDir } from '../support/paths.ts';
import { expectLimited, tightLimits } from '../support/rate-limits.ts';
import { send, uniqueIp } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The routes that mail, text or check a password, each limited to 2 per account (8 per address).
const MAX = 2;
const dataDir = makeTempDir('rate-limit-account');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    dataDir,
    // Without SMTP or an SMS API, each mail and text is a JSON file under DATA_DIR.
    mail: {
      smtpUrl: undefined,
      from: 'Encore <no-reply@encore.test>',
      supportEmail: 'help@encore.test',
    },
    sms: { apiUrl: undefined, accountSid: undefined, authToken: undefined, from: undefined },
    rateLimit: tightLimits({
      passwordChange: MAX,
      verificationSend: MAX,
      phoneVerify: MAX,
      feedback: MAX,
    }),
  });
});
afterAll(() => t.close());

/** What was written to DATA_DIR/mail or /sms, addressed to `to`. */
function written(kind: 'mail' | 'sms', to: string): { text?: string; body?: string }[] {
  const dir = join(dataDir, kind);
  let files: string[] = [];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')))
    .filter((m) => m.to === to || (Array.isArray(m.to) && m.to.includes(to)));
}

describe('password change: per account and per address', () => {
  const change = (cookie: string, currentPassword: string, ip: string) =>
    send(t.app, 'POST', '/api/account/password', {
      cookie,
      ip,
      body: { currentPassword, newPassword: 'N3wPassword!x', confirmPassword: 'N3wPassword!x' },
    });

  it('stops guessing the current password: the right one after the limit changes nothing', async () => {
    const { input, cookie } = await createUser(t.app);
    for (let i = 0; i < MAX; i++) {
      expect((await change(cookie, `Wrong${i}Password`, uniqueIp())).statusCode).toBe(400);
    }
    // Another address does not help: the account's own limit holds.
    expectLimited(await change(cookie, PASSWORD, uniqueIp()));
    const login = await postJson(t.app, '/api/account/login', {
      email: input.email,
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('feedback: per account and per address', () => {
  const submit = (cookie: string, ip: string, subject = 'Idea') =>
    send(t.app, 'POST', '/api/feedback', { cookie, ip, body: { subject, message: 'Dark mode' } });
  const rowsOf = (userId: string) =>
    t.database.orm.select().from(feedback).where(eq(feedback.userId, userId));

  it('stores and mails nothing past the account limit, from any address', async () => {
    const { user, cookie } = await createUser(t.app);
    for (let i = 0; i < MAX; i++) expect((await submit(cookie, uniqueIp())).statusCode).toBe(201);
    const mailed = written('mail', 'help@encore.test').length;
    expectLimited(await submit(cookie, uniqueIp(), 'One too many'));
    expect(await rowsOf(user.id)).toHaveLength(MAX);
    expect(written('mail', 'help@encore.test')).toHaveLength(mailed);
  });

  it('stops one address cycling through accounts, and leaves other addresses alone', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < PER_ADDRESS_FACTOR; i++) {
      const { cookie } = await createUser(t.app);
      for (let j = 0; j < MAX; j++) expect((await submit(cookie, ip)).statusCode).toBe(201);
    }
    const fresh = await createUser(t.app);
    expectLimited(await submit(fresh.cookie, ip));
    expect(await rowsOf(fresh.user.id)).toHaveLength(0);
    expect((await submit(fresh.cookie, uniqueIp())).statusCode).toBe(201);
  });
});

describe('email verification mails', () => {
  it('sends no mail past the account limit', async () => {
    const { user, cookie } = await createUser(t.app);
    const ask = () =>
      send(t.app, 'POST', '/api/account/email/send-verification', { cookie, ip: uniqueIp() });
    for (let i = 0; i < MAX; i++) expect((await ask()).statusCode).toBe(204);
    expectLimited(await ask());
    expect(written('mail', user.email)).toHaveLength(MAX);
  });
});

describe('phone verification texts and tries', () => {
  const PHONE = '(555) 123-4567';
  async function fanWithPhone() {
    const fan = await createUser(t.app);
    await insertFanProfile(t.database.orm, fan.user.id, PHONE);
    return fan;
  }
  const texts = () => written('sms', '+15551234567');

  it('texts no code past the account limit', async () => {
    const { cookie } = await fanWithPhone();
    const before = texts().length;
    const ask = () =>
      send(t.app, 'POST', '/api/account/phone/send-code', { cookie, ip: uniqueIp() });
    for (let i = 0; i < MAX; i++) expect((await ask()).statusCode).toBe(200);
    expectLimited(await ask());
    expect(texts()).toHaveLength(before + MAX);
  });

  it('refuses even the right code past the limit on tries', async () => {
    const { cookie } = await fanWithPhone();
    expect((await send(t.app, 'POST', '/api/account/phone/send-code', { cookie })).statusCode).toBe(
      200,
    );
    const code = /(\d{6})$/.exec(texts().at(-1)?.body ?? '')?.[1] ?? '';
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const verify = (value: string) =>
      send(t.app, 'POST', '/api/account/phone/verify', {
        cookie,
        ip: uniqueIp(),
        body: { code: value },
      });
    for (let i = 0; i < MAX; i++) expect((await verify(wrong)).statusCode).toBe(400);
    expectLimited(await verify(code));
    const security = await send(t.app, 'GET', '/api/account/security', { cookie });
    expect(security.json()).toMatchObject({ phoneVerified: false });
  });
});
