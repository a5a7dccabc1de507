import { z } from 'zod/mini';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './constants.ts';
import { AUTH_MESSAGES as M } from './messages.ts';
import { SINGLE_LINE, TEXT_MESSAGES } from './text-rules.ts';

/**
 * Field rules and their limits in one file (spec section 5). Users may type their username in any
 * case; the server stores it lowercased for uniqueness and keeps what they typed for display.
 *
 * Written with zod/mini, as is everything the sign-up and login pages load (auth.ts, roles.ts,
 * errors.ts' ZApiError): its functions tree-shake, so those pages carry a few KB of zod instead of
 * all of it (issue 18 §3, decision 023). The server validates with these same schemas, and they
 * compose into full-zod objects (settings.ts, email-change.ts). The checks run in the order they
 * are listed, and each names its spec message, exactly as the chained full-zod form did.
 */

/** zSingleLineText's rule (text-fields.ts) as a zod/mini check: no control character at all. */
export const singleLine = () => z.regex(SINGLE_LINE, TEXT_MESSAGES.controlCharacters);

export const ZUsername = z
  .string()
  .check(
    singleLine(),
    z.trim(),
    z.minLength(USERNAME_MIN, M.usernameTooShort),
    z.maxLength(USERNAME_MAX, M.usernameTooLong),
    z.regex(/^[a-zA-Z0-9_]+$/, M.usernameCharacters),
  );

export const ZEmail = z.pipe(
  z.string().check(singleLine(), z.trim(), z.maxLength(EMAIL_MAX, M.invalidEmail)),
  z.email(M.invalidEmail),
);

export const ZPassword = z
  .string()
  .check(
    singleLine(),
    z.minLength(PASSWORD_MIN, M.passwordTooShort),
    z.maxLength(PASSWORD_MAX, M.passwordTooLong),
    z.regex(/[A-Z]/, M.passwordUppercase),
    z.regex(/[a-z]/, M.passwordLowercase),
    z.regex(/[0-9]/, M.passwordNumber),
  );
