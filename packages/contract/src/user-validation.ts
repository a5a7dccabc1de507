import {
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from './constants.ts';
import { AUTH_MESSAGES as M } from './messages.ts';
import { zSingleLineText } from './text-fields.ts';
import { z } from './z.ts';

/**
 * Field rules and their limits in one file (spec section 5). Users may type their username in any
 * case; the server stores it lowercased for uniqueness and keeps what they typed for display.
 */
export const ZUsername = zSingleLineText()
  .trim()
  .min(USERNAME_MIN, M.usernameTooShort)
  .max(USERNAME_MAX, M.usernameTooLong)
  .regex(USERNAME_PATTERN, M.usernameCharacters);

export const ZEmail = zSingleLineText()
  .trim()
  .max(EMAIL_MAX, M.invalidEmail)
  .pipe(z.email(M.invalidEmail));

export const ZPassword = zSingleLineText()
  .min(PASSWORD_MIN, M.passwordTooShort)
  .max(PASSWORD_MAX, M.passwordTooLong)
  .regex(/[A-Z]/, M.passwordUppercase)
  .regex(/[a-z]/, M.passwordLowercase)
  .regex(/[0-9]/, M.passwordNumber);
