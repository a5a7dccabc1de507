import { LOGIN_MESSAGES as M } from '@encore/contract';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { applyFieldErrors } from './field-errors';

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
  if (
    error instanceof ApiError &&
    (error.code === 'VALIDATION_FAILED' || error.code === 'BAD_REQUEST')
  ) {
    const unowned = applyFieldErrors(error, LOGIN_FIELDS, setFieldError);
    if (unowned) toast.error(M.failedTitle, { description: unowned });
    return;
  }
  const description =
    error instanceof ApiError && error.message ? error.message : M.invalidCredentials;
  toast.error(M.failedTitle, { description });
}
