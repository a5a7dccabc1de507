import { LOGIN_MESSAGES as M } from '@encore/contract';
import { reportRequestError } from '@/lib/report-request-error';

export const LOGIN_FIELDS = ['email', 'password'] as const;
export type LoginField = (typeof LOGIN_FIELDS)[number];

/**
 * Spec section 8 ("Login"): 'Login failed' with the error's message, or 'Invalid email or
 * password' when there is none. A 400's field messages go under their fields instead.
 */
export function reportLoginError(
  error: unknown,
  setFieldError: (field: LoginField, message: string) => void,
) {
  reportRequestError(error, {
    title: M.failedTitle,
    fields: { names: LOGIN_FIELDS, set: setFieldError },
    fallback: M.invalidCredentials,
  });
}
