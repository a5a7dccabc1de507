import type { TLoginRequest, TSignUpRequest } from './auth.ts';
import {
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from './constants.ts';
import { AUTH_MESSAGES as M } from './messages.ts';
import type { TRole } from './role-list.ts';
import { SINGLE_LINE, TEXT_MESSAGES } from './text-rules.ts';

/**
 * The sign-up and login forms' checks without zod, so those pages do not load it
 * (decision 023). ZSignUpRequest and ZLoginRequest (auth.ts, user-validation.ts) stay the source of
 * truth — the server validates with them — and auth-form-checks.test.ts proves these give, field
 * by field, the first message the schema gives (what the form shows) and the same parsed values,
 * over every combination of the spec's cases. A rule changed there and not here fails that test.
 */

export type SignUpFormField = 'username' | 'email' | 'password' | 'confirmPassword';
export type LoginFormField = 'email' | 'password';
export type FormErrors<F extends string> = Partial<Record<F, string>>;
export type FormCheck<F extends string, Out> =
  | { ok: true; value: Out }
  | { ok: false; errors: FormErrors<F> };

/** A rule returns its message when the value breaks it; the first broken rule is the field's. */
type Rule = (value: string) => string | false;

const singleLine: Rule = (v) => !SINGLE_LINE.test(v) && TEXT_MESSAGES.controlCharacters;
const atLeast =
  (n: number, message = TEXT_MESSAGES.tooShort(n)): Rule =>
  (v) =>
    v.length < n && message;
const atMost =
  (n: number, message = TEXT_MESSAGES.tooLong(n)): Rule =>
  (v) =>
    v.length > n && message;
const matches =
  (pattern: RegExp, message: string): Rule =>
  (v) =>
    !pattern.test(v) && message;

/** zod 4's `z.email()` pattern (zod/v4/core regexes.ts `email`), which ZEmail uses. */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

function firstBroken(value: string, rules: Rule[]): string | undefined {
  for (const rule of rules) {
    const message = rule(value);
    if (message) return message;
  }
  return undefined;
}

/** ZUsername and ZEmail trim after the control-character rule, then check the trimmed text. */
function trimmed(value: string, rules: Rule[]): { value: string; error?: string } {
  const control = singleLine(value);
  if (control) return { value, error: control };
  const trimmedValue = value.trim();
  return { value: trimmedValue, error: firstBroken(trimmedValue, rules) };
}

const username = (v: string) =>
  trimmed(v, [
    atLeast(USERNAME_MIN, M.usernameTooShort),
    atMost(USERNAME_MAX, M.usernameTooLong),
    matches(USERNAME_PATTERN, M.usernameCharacters),
  ]);
const email = (v: string) =>
  trimmed(v, [atMost(EMAIL_MAX, M.invalidEmail), matches(EMAIL, M.invalidEmail)]);
const PASSWORD_RULES = [
  singleLine,
  atLeast(PASSWORD_MIN, M.passwordTooShort),
  atMost(PASSWORD_MAX, M.passwordTooLong),
  matches(/[A-Z]/, M.passwordUppercase),
  matches(/[a-z]/, M.passwordLowercase),
  matches(/[0-9]/, M.passwordNumber),
];

function outcome<F extends string, Out>(errors: FormErrors<F>, value: Out): FormCheck<F, Out> {
  const broken = Object.fromEntries(Object.entries(errors).filter(([, m]) => m)) as FormErrors<F>;
  return Object.keys(broken).length > 0 ? { ok: false, errors: broken } : { ok: true, value };
}

export interface SignUpFormValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  role: TRole;
}

/** ZSignUpRequest for the form's values: each field's first message, or the request to send. */
export function checkSignUpForm(
  values: SignUpFormValues,
): FormCheck<SignUpFormField, TSignUpRequest> {
  const name = username(values.username);
  const address = email(values.email);
  return outcome<SignUpFormField, TSignUpRequest>(
    {
      username: name.error,
      email: address.error,
      password: firstBroken(values.password, PASSWORD_RULES),
      // The schema's refine compares the two as typed, and runs whatever the other fields say.
      confirmPassword:
        firstBroken(values.confirmPassword, [singleLine]) ??
        (values.password !== values.confirmPassword ? M.passwordsDontMatch : undefined),
    },
    { ...values, username: name.value, email: address.value },
  );
}

/** ZLoginRequest for the form's values: presence only, the rules are sign-up's. */
export function checkLoginForm(values: TLoginRequest): FormCheck<LoginFormField, TLoginRequest> {
  const address = email(values.email);
  return outcome<LoginFormField, TLoginRequest>(
    {
      email: address.error,
      password: firstBroken(values.password, [
        singleLine,
        atLeast(1, M.passwordRequired),
        atMost(1024),
      ]),
    },
    { email: address.value, password: values.password },
  );
}
