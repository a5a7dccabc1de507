import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DELIVERY_MESSAGES,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_TTL_MINUTES,
  PROFILE_EXTRA_MESSAGES as X,
} from '@encore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPhoneVerificationRepo } from '../../src/repositories/phone-verification.repo.ts';
import { createUser } from '../support/factories.ts';
import { insertFanProfile } from '../support/fan-profile-row.ts';
import { makeTempDir } from '../support/paths.ts';
import { send } from '../support/requests.ts';
import { startSmsServer } from '../support/sms-server.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const PHONE = '(555) 123-4567';
const sms = { accountSid: 'ACtest123', authToken: 'secret-token', from: '+15550000000' };

let t: TestApp;
let provider: Awaited<ReturnType<typeof startSmsServer>>;
beforeAll(async () => {
  provider = await startSmsServer();
  t = await createTestApp({ sms: { apiUrl: provider.url, ...sms } });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

async function fanWithPhone() {
  const fan = await createUser(t.app);
  await insertFanProfile(t.database.orm, fan.user.id, PHONE);
  return fan;
}
const sendCode = (cookie: string, ip?: string) =>
  send(t.app, 'POST', '/api/account/phone/send-code', { cookie, ip });
const verify = (cookie: string, code: string) =>
  send(t.app, 'POST', '/api/account/phone/verify', { cookie, body: { code } });
/** The code in the last text the provider received. */
const lastCode = () =>
  /Your Encore code is (\d{6})$/.exec(provider.received.at(-1)?.form.Body ?? '')?.[1] ?? '';
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('phone verification through a Twilio-compatible API', () => {
  it('texts a code to the profile phone and confirms it', async () => {
    const { user, cookie } = await fanWithPhone();
    const response = await sendCode(cookie);
    expect(response.statusCode).toBe(200);
    const expiresIn = Date.parse(response.json().expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan((PHONE_CODE_TTL_MINUTES - 1) * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(PHONE_CODE_TTL_MINUTES * 60_000);

    const request = provider.received.at(-1);
    expect(request?.path).toBe(`POST /2010-04-01/Accounts/${sms.accountSid}/Messages.json`);
    expect(request?.contentType).toBe('application/x-www-form-urlencoded');
    const basic = Buffer.from(`${sms.accountSid}:${sms.authToken}`).toString('base64');
    expect(request?.authorization).toBe(`Basic ${basic}`);
    expect(request?.form).toMatchObject({ To: '+15551234567', From: sms.from });
    const code = lastCode();
    expect(code).toMatch(/^\d{6}$/);

    const before = await send(t.app, 'GET', '/api/account/security', { cookie });
    expect(before.json()).toMatchObject({ phone: PHONE, phoneVerified: false });
    const miss = await verify(cookie, wrong(code));
    expect(miss.statusCode).toBe(400);
    expect(miss.json().error.fields).toEqual({ code: X.phoneCodeWrong });
    expect((await verify(cookie, code)).statusCode).toBe(204);

    const after = await send(t.app, 'GET', '/api/account/security', { cookie });
    expect(after.json()).toMatchObject({ phone: PHONE, phoneVerified: true });
    const repo = createPhoneVerificationRepo(t.database.orm);
    expect(await repo.isPhoneVerified(user.id, PHONE)).toBe(true);
    expect(await repo.isPhoneVerified(user.id, '(555) 999-0000')).toBe(false);
    // A code works once.
    expect((await verify(cookie, code)).json().error.fields).toEqual({ code: X.phoneCodeExpired });
  });

  it('refuses an expired code', async () => {
    const { user, cookie } = await fanWithPhone();
    await sendCode(cookie);
    const code = lastCode();
    await t.database.orm.execute(
      sql`update phone_verifications set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    const response = await verify(cookie, code);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ code: X.phoneCodeExpired });
  });

  it(`invalidates the code after ${PHONE_CODE_MAX_ATTEMPTS} wrong tries`, async () => {
    const { cookie } = await fanWithPhone();
    await sendCode(cookie);
    const code = lastCode();
    for (let i = 0; i < PHONE_CODE_MAX_ATTEMPTS; i++) {
      expect((await verify(cookie, wrong(code))).json().error.fields).toEqual({
        code: X.phoneCodeWrong,
      });
    }
    const late = await verify(cookie, code);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.fields).toEqual({ code: X.phoneCodeTooManyAttempts });
    // A new code starts over.
    await sendCode(cookie);
    expect((await verify(cookie, lastCode())).statusCode).toBe(204);
  });

  it('answers 503 when the provider refuses the text', async () => {
    const { cookie } = await fanWithPhone();
    provider.respondWith(500);
    try {
      const response = await sendCode(cookie);
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toBe(DELIVERY_MESSAGES.smsFailed);
    } finally {
      provider.respondWith(201);
    }
  });

  it('asks for a profile phone first', async () => {
    const { cookie } = await createUser(t.app, { role: 'venue' });
    const response = await sendCode(cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('PROFILE_REQUIRED');
    const security = await send(t.app, 'GET', '/api/account/security', { cookie });
    expect(security.json()).toMatchObject({ phone: null, phoneVerified: false });
  });
});

describe('phone verification without SMS_API_URL', () => {
  it('writes the text as a JSON file under DATA_DIR/sms', async () => {
    const dataDir = makeTempDir('sms-files');
    const local = await createTestApp({
      dataDir,
      sms: { apiUrl: undefined, accountSid: undefined, authToken: undefined, from: undefined },
    });
    try {
      const { user, cookie } = await createUser(local.app);
      await insertFanProfile(local.database.orm, user.id, PHONE);
      const response = await send(local.app, 'POST', '/api/account/phone/send-code', { cookie });
      expect(response.statusCode).toBe(200);
      const dir = join(dataDir, 'sms');
      const [file] = readdirSync(dir);
      const written = JSON.parse(readFileSync(join(dir, file ?? ''), 'utf8'));
      expect(written).toMatchObject({
        to: '+15551234567',
        body: expect.stringMatching(/^Your Encore code is \d{6}$/),
      });
      const code = written.body.slice(-6);
      const body = { code };
      const verified = await send(local.app, 'POST', '/api/account/phone/verify', { cookie, body });
      expect(verified.statusCode).toBe(204);
    } finally {
      await local.close();
    }
  });
});
