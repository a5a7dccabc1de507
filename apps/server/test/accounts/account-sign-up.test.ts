import { AUTH_MESSAGES, ROLES, SIGN_UP_MESSAGES, type TApiError } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, postJson, signUpInput, unique } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function userRows(email: string) {
  const { rows } = await t.database.pool.query<{
    id: string;
    username: string;
    display_username: string;
    role: string;
    profile_complete: boolean;
    password: string | null;
  }>(
    `select u.id, u.username, u.display_username, u.role, u.profile_complete, a.password
       from "user" u left join account a on a.user_id = u.id and a.provider_id = 'credential'
      where lower(u.email) = lower($1)`,
    [email],
  );
  return rows;
}

describe('POST /api/account/sign-up', () => {
  it.each(ROLES)(
    'creates a %s account, signs it in and stores role and profile_complete',
    async (role) => {
      const input = signUpInput({ role, username: `Mixed_${unique()}` });
      const response = await postJson(t.app, '/api/account/sign-up', input);

      expect(response.statusCode).toBe(201);
      expect(response.json().user).toMatchObject({
        username: input.username,
        email: input.email,
        role,
        profileComplete: false,
      });
      const cookie = response.cookies.find((c) => c.name === 'encore.session_token');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.secure).toBeFalsy();
      expect(cookie?.maxAge).toBe(60 * 60 * 24 * 30);

      const [row] = await userRows(input.email);
      expect(row).toMatchObject({ role, profile_complete: false });
      // Stored lowercased for uniqueness, displayed as typed.
      expect(row?.username).toBe(input.username.toLowerCase());
      expect(row?.display_username).toBe(input.username);
      expect(row?.password).toMatch(/^\$argon2id\$/);
    },
  );

  it.each([
    ['username', { username: 'ab' }, AUTH_MESSAGES.usernameTooShort],
    ['username', { username: 'a'.repeat(21) }, AUTH_MESSAGES.usernameTooLong],
    ['username', { username: 'bad name!' }, AUTH_MESSAGES.usernameCharacters],
    ['email', { email: 'not-an-email' }, AUTH_MESSAGES.invalidEmail],
    ['password', { password: 'Ab1', confirmPassword: 'Ab1' }, AUTH_MESSAGES.passwordTooShort],
    [
      'password',
      { password: 'lowercase1', confirmPassword: 'lowercase1' },
      AUTH_MESSAGES.passwordUppercase,
    ],
    [
      'password',
      { password: 'UPPERCASE1', confirmPassword: 'UPPERCASE1' },
      AUTH_MESSAGES.passwordLowercase,
    ],
    [
      'password',
      { password: 'NoDigitsHere', confirmPassword: 'NoDigitsHere' },
      AUTH_MESSAGES.passwordNumber,
    ],
    ['password', { password: `Aa1${'x'.repeat(126)}` }, AUTH_MESSAGES.passwordTooLong],
    ['confirmPassword', { confirmPassword: 'Different1A' }, AUTH_MESSAGES.passwordsDontMatch],
    ['role', { role: 'admin' }, 'Invalid role'],
    ['username', { username: undefined }, 'Required'],
    ['email', { email: 42 }, 'Invalid input'],
  ])('rejects a bad %s with the spec message (%j)', async (field, patch, message) => {
    const input = { ...signUpInput(), ...patch };
    const response = await postJson(t.app, '/api/account/sign-up', input);

    expect(response.statusCode).toBe(400);
    const body = response.json<TApiError>();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.message).toBe('Please correct the highlighted fields');
    expect(body.error.fields?.[field]).toBe(message);
    expect(response.cookies).toHaveLength(0);
    if (typeof input.email === 'string') expect(await userRows(input.email)).toHaveLength(0);
  });

  it('returns the first message of every invalid field at once', async () => {
    const response = await postJson(t.app, '/api/account/sign-up', {
      username: 'x',
      email: 'nope',
      password: 'short',
      confirmPassword: 'short',
      role: 'fan',
    });
    expect(response.json<TApiError>().error.fields).toEqual({
      username: AUTH_MESSAGES.usernameTooShort,
      email: AUTH_MESSAGES.invalidEmail,
      password: AUTH_MESSAGES.passwordTooShort,
    });
  });

  it('refuses a username taken in another case with 409 USERNAME_TAKEN', async () => {
    const { input } = await createUser(t.app, { username: `Taken_${unique()}` });
    const response = await postJson(
      t.app,
      '/api/account/sign-up',
      signUpInput({ username: input.username.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'USERNAME_TAKEN',
        message: SIGN_UP_MESSAGES.usernameExists,
        fields: { username: SIGN_UP_MESSAGES.usernameExists },
      },
    });
  });

  it('refuses an email registered in another case with 409 EMAIL_TAKEN', async () => {
    const { input } = await createUser(t.app);
    const response = await postJson(
      t.app,
      '/api/account/sign-up',
      signUpInput({ email: input.email.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'EMAIL_TAKEN',
        message: SIGN_UP_MESSAGES.emailRegistered,
        fields: { email: SIGN_UP_MESSAGES.emailRegistered },
      },
    });
  });

  it('reports both clashes when username and email are taken', async () => {
    const { input } = await createUser(t.app);
    const response = await postJson(t.app, '/api/account/sign-up', { ...input });
    expect(response.statusCode).toBe(409);
    expect(response.json<TApiError>().error.fields).toEqual({
      username: SIGN_UP_MESSAGES.usernameExists,
      email: SIGN_UP_MESSAGES.emailRegistered,
    });
  });
});
