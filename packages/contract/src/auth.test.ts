import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES as M,
  ZLoginRequest,
  ZNotFoundEvent,
  ZSignUpRequest,
  ZUsernameExistsQuery,
} from './index.ts';

const valid = {
  username: 'fan_1',
  email: 'fan@example.com',
  password: 'Passw0rd',
  confirmPassword: 'Passw0rd',
  role: 'fan',
};

/** field -> first message, the shape the API returns and the forms display. */
function fieldErrors(schema: typeof ZSignUpRequest | typeof ZLoginRequest, value: unknown) {
  const fields: Record<string, string> = {};
  for (const issue of schema.safeParse(value).error?.issues ?? []) {
    const key =
      issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(',') : '');
    fields[key] ??= issue.message;
  }
  return fields;
}

describe('ZSignUpRequest (spec section 5, Sign-up)', () => {
  it.each(['fan', 'performer', 'venue'])('accepts the role %s', (role) => {
    expect(ZSignUpRequest.safeParse({ ...valid, role }).success).toBe(true);
  });

  it.each([
    [{ username: 'ab' }, 'username', M.usernameTooShort],
    [{ username: 'a'.repeat(21) }, 'username', M.usernameTooLong],
    [{ username: 'no spaces' }, 'username', M.usernameCharacters],
    [{ email: 'nope' }, 'email', M.invalidEmail],
    [{ password: 'Sh0rt', confirmPassword: 'Sh0rt' }, 'password', M.passwordTooShort],
    [{ password: 'lowercase1', confirmPassword: 'lowercase1' }, 'password', M.passwordUppercase],
    [{ password: 'UPPERCASE1', confirmPassword: 'UPPERCASE1' }, 'password', M.passwordLowercase],
    [{ password: 'NoNumbers', confirmPassword: 'NoNumbers' }, 'password', M.passwordNumber],
    [{ confirmPassword: 'Passw0rd!' }, 'confirmPassword', M.passwordsDontMatch],
    [{ role: 'admin' }, 'role', 'Invalid role'],
    [{ role: undefined }, 'role', 'Required'],
    [{ username: undefined }, 'username', 'Required'],
    [{ email: 7 }, 'email', 'Invalid input'],
  ])('%j -> %s: %s', (patch, field, message) => {
    expect(fieldErrors(ZSignUpRequest, { ...valid, ...patch })[field]).toBe(message);
  });

  it('refuses fields it does not know', () => {
    expect(ZSignUpRequest.safeParse({ ...valid, isAdmin: true }).success).toBe(false);
  });
});

describe('ZLoginRequest', () => {
  it('needs a valid email and a password', () => {
    expect(fieldErrors(ZLoginRequest, { email: 'x', password: '' })).toEqual({
      email: M.invalidEmail,
      password: M.passwordRequired,
    });
    expect(ZLoginRequest.safeParse({ email: 'a@b.co', password: 'anything' }).success).toBe(true);
  });
});

describe('other request schemas', () => {
  it('ZUsernameExistsQuery needs username_to_check', () => {
    expect(ZUsernameExistsQuery.safeParse({}).success).toBe(false);
    expect(ZUsernameExistsQuery.safeParse({ username_to_check: 'abc' }).success).toBe(true);
  });

  it('ZNotFoundEvent takes a path of at most 2048 characters', () => {
    expect(ZNotFoundEvent.safeParse({ path: '/nope' }).success).toBe(true);
    expect(ZNotFoundEvent.safeParse({ path: 'x'.repeat(2049) }).success).toBe(false);
    expect(ZNotFoundEvent.safeParse({ path: '/x', extra: 1 }).success).toBe(false);
  });
});
