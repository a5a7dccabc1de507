import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES as M } from './index.ts';
import { ZEmail, ZPassword, ZUsername } from './user-validation.ts';

/** The first message zod reports for a value, or undefined when it is valid. */
function firstMessage(
  schema: { safeParse: (v: unknown) => { error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  return schema.safeParse(value).error?.issues[0]?.message;
}

describe('username (spec section 5)', () => {
  it.each(['abc', 'a'.repeat(20), 'Fan_42', '___', 'ABC'])('accepts %j', (value) => {
    expect(firstMessage(ZUsername, value)).toBeUndefined();
  });

  it.each([
    ['', M.usernameTooShort],
    ['ab', M.usernameTooShort],
    ['  ab  ', M.usernameTooShort],
    ['a'.repeat(21), M.usernameTooLong],
    ['bad name', M.usernameCharacters],
    ['dash-ed', M.usernameCharacters],
    ['dot.ted', M.usernameCharacters],
    ['émile', M.usernameCharacters],
  ])('rejects %j with %j', (value, message) => {
    expect(firstMessage(ZUsername, value)).toBe(message);
  });

  it('trims surrounding spaces', () => {
    expect(ZUsername.parse('  fan_1 ')).toBe('fan_1');
  });
});

describe('email', () => {
  it.each(['a@b.co', 'Fan.Name+tag@example.com', ' spaced@example.com '])('accepts %j', (value) => {
    expect(firstMessage(ZEmail, value)).toBeUndefined();
  });

  it.each(['', 'plain', 'a@', '@b.co', 'a b@c.de', `${'a'.repeat(250)}@b.co`])(
    'rejects %j with the spec message',
    (value) => {
      expect(firstMessage(ZEmail, value)).toBe(M.invalidEmail);
    },
  );
});

describe('password', () => {
  it.each(['Passw0rd', 'Aa1aaaaa', `Aa1${'a'.repeat(125)}`])('accepts %j', (value) => {
    expect(firstMessage(ZPassword, value)).toBeUndefined();
  });

  it.each([
    ['Ab1', M.passwordTooShort],
    ['', M.passwordTooShort],
    ['password1', M.passwordUppercase],
    ['PASSWORD1', M.passwordLowercase],
    ['Passwordd', M.passwordNumber],
    [`Aa1${'a'.repeat(126)}`, M.passwordTooLong],
  ])('rejects %j with %j', (value, message) => {
    expect(firstMessage(ZPassword, value)).toBe(message);
  });

  it('reports every unmet rule, in the spec’s order', () => {
    const messages = ZPassword.safeParse('abc').error?.issues.map((i) => i.message);
    expect(messages).toEqual([M.passwordTooShort, M.passwordUppercase, M.passwordNumber]);
  });
});
