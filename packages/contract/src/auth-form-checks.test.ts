import { describe, expect, it } from 'vitest';
import {
  checkLoginForm,
  checkSignUpForm,
  EMAIL_MAX,
  type FormCheck,
  ZLoginRequest,
  ZSignUpRequest,
} from './index.ts';

/**
 * The forms' zod-free checks (auth-form-checks.ts) against the schemas the server validates with:
 * for every combination below, the same first message per field (what the form shows) and the
 * same parsed request.
 */
function fromSchema(schema: typeof ZSignUpRequest | typeof ZLoginRequest, values: unknown) {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { ok: false, errors };
}

const CONTROL = 'a\u0000b';
const USERNAMES = [
  '',
  'ab',
  '  ab  ',
  'abc',
  ' fan_1 ',
  'a'.repeat(20),
  'a'.repeat(21),
  'bad name',
  'émile',
  CONTROL,
  'tab\tname',
];
const EMAILS = [
  '',
  'a@b.co',
  ' spaced@example.com ',
  'Fan.Name+tag@example.com',
  'plain',
  'a@',
  '@b.co',
  'a b@c.de',
  '.a@b.co',
  'a..b@c.de',
  "o'neil@x-y.io",
  'a@b.c',
  'a@-b.co',
  `${'a'.repeat(250)}@b.co`,
  `${'a'.repeat(EMAIL_MAX - 5)}@b.co`,
  CONTROL,
  'é@b.co',
];
const PASSWORDS = [
  '',
  'Ab1',
  'Passw0rd',
  ' Passw0rd ',
  'password1',
  'PASSWORD1',
  'Passwordd',
  'abc',
  `Aa1${'a'.repeat(125)}`,
  `Aa1${'a'.repeat(126)}`,
  'Pass\u0007w0rd',
];

const summary = (check: FormCheck<string, unknown>) => check;

describe('checkSignUpForm agrees with ZSignUpRequest', () => {
  it('on every username × email pair', () => {
    for (const username of USERNAMES)
      for (const email of EMAILS) {
        const values = {
          username,
          email,
          password: 'Passw0rd',
          confirmPassword: 'Passw0rd',
          role: 'fan' as const,
        };
        expect(summary(checkSignUpForm(values)), JSON.stringify(values)).toEqual(
          fromSchema(ZSignUpRequest, values),
        );
      }
  });

  it('on every password × confirmation pair, with a broken username or not', () => {
    for (const password of PASSWORDS)
      for (const confirmPassword of [...PASSWORDS, 'Different1'])
        for (const username of ['fan_1', 'ab']) {
          const values = {
            username,
            email: 'fan@example.com',
            password,
            confirmPassword,
            role: 'venue' as const,
          };
          expect(checkSignUpForm(values), JSON.stringify(values)).toEqual(
            fromSchema(ZSignUpRequest, values),
          );
        }
  });
});

describe('checkLoginForm agrees with ZLoginRequest', () => {
  it('on every email × password pair', () => {
    for (const email of EMAILS)
      for (const password of [...PASSWORDS, 'p', 'p'.repeat(1024), 'p'.repeat(1025)]) {
        const values = { email, password };
        expect(checkLoginForm(values), JSON.stringify(values)).toEqual(
          fromSchema(ZLoginRequest, values),
        );
      }
  });
});
