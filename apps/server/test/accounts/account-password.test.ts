import { PROFILE_EXTRA_MESSAGES } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, PASSWORD, postJson, sessionCookie } from '../support/factories.ts';
import { send } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const NEW_PASSWORD = 'N3wStrongPassword';
const change = (cookie: string, body: object) =>
  send(t.app, 'POST', '/api/account/password', { cookie, body });
const login = (email: string, password: string) =>
  postJson(t.app, '/api/account/login', { email, password });

describe('POST /api/account/password', () => {
  it('refuses a wrong current password under its field and keeps the old one', async () => {
    const { input, cookie } = await createUser(t.app);
    const response = await change(cookie, {
      currentPassword: 'not-my-password',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { currentPassword: PROFILE_EXTRA_MESSAGES.currentPasswordWrong },
    });
    expect((await login(input.email, PASSWORD)).statusCode).toBe(200);
  });

  it('applies the sign-up rules to the new password', async () => {
    const { cookie } = await createUser(t.app);
    const response = await change(cookie, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: 'something-else',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('confirmPassword');
  });

  it('changes it: the new password logs in, the old one fails, other sessions end', async () => {
    const { input, cookie } = await createUser(t.app);
    const otherSession = sessionCookie(await login(input.email, PASSWORD));
    const response = await change(cookie, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(204);
    // The browser that changed it stays signed in, on a fresh session.
    const fresh = sessionCookie(response);
    expect((await send(t.app, 'GET', '/api/account/security', { cookie: fresh })).statusCode).toBe(
      200,
    );
    const stale = await send(t.app, 'GET', '/api/account/security', { cookie: otherSession });
    expect(stale.statusCode).toBe(401);
    expect((await login(input.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(input.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('signed out', () => {
  const calls: [method: 'GET' | 'POST', url: string, body?: object][] = [
    ['GET', '/api/account/security'],
    [
      'POST',
      '/api/account/password',
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    ],
    ['POST', '/api/account/email/send-verification'],
    ['POST', '/api/account/phone/send-code'],
    ['POST', '/api/account/phone/verify', { code: '123456' }],
    ['GET', '/api/feedback/config'],
    ['POST', '/api/feedback', { subject: 'Hi', message: 'Hello' }],
    // Refused before the body is read, so a bad one does not turn it into a 400.
    ['POST', '/api/feedback', { subject: '' }],
  ];
  it.each(calls)('%s %s answers 401', async (method, url, body) => {
    const response = await send(t.app, method, url, { body });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });
});
