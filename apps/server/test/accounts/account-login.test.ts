import { AUTH_MESSAGES, LOGIN_MESSAGES } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, PASSWORD, postJson, unique } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const invalidCredentials = {
  error: { code: 'INVALID_CREDENTIALS', message: LOGIN_MESSAGES.invalidCredentials },
};

describe('POST /api/account/login', () => {
  it('signs in with the email in any case and sets the session cookie', async () => {
    const { input, user } = await createUser(t.app, { role: 'venue' });
    const response = await postJson(t.app, '/api/account/login', {
      email: input.email.toUpperCase(),
      password: PASSWORD,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user });
    const cookie = response.cookies.find((c) => c.name === 'encore.session_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  });

  it('answers 401 INVALID_CREDENTIALS for a wrong password', async () => {
    const { input } = await createUser(t.app);
    const response = await postJson(t.app, '/api/account/login', {
      email: input.email,
      password: 'Wrong0Password',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(invalidCredentials);
    expect(response.cookies).toHaveLength(0);
  });

  it('gives an unknown email the very same answer', async () => {
    const response = await postJson(t.app, '/api/account/login', {
      email: `nobody.${unique()}@example.com`,
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(invalidCredentials);
  });

  it('gives an over-long password the same answer, not a different error', async () => {
    const { input } = await createUser(t.app);
    const response = await postJson(t.app, '/api/account/login', {
      email: input.email,
      password: `A1${'a'.repeat(500)}`,
    });
    expect(response.statusCode).toBe(401);
  });

  it('asks for the missing password with the spec message', async () => {
    const response = await postJson(t.app, '/api/account/login', {
      email: 'someone@example.com',
      password: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ password: AUTH_MESSAGES.passwordRequired });
  });
});
