import { SIGN_UP_MESSAGES as M } from '@encore/contract';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { applyFieldErrors } from './field-errors';

export const SIGN_UP_FIELDS = ['username', 'email', 'password', 'confirmPassword'] as const;
export type SignUpField = (typeof SIGN_UP_FIELDS)[number];
type SetFieldError = (field: SignUpField, message: string) => void;

const failed = (description: string) => toast.error(M.failedTitle, { description });

/** Spec section 8: the username is taken, found by the pre-check or by the server's race guard. */
export function reportUsernameTaken(setFieldError: SetFieldError) {
  setFieldError('username', M.usernameExists);
  toast.error(M.usernameExists, { description: M.usernameExistsDescription });
}

/**
 * Maps a failed sign-up to the spec's messages (section 8, "Sign-up"): field errors under their
 * fields, and a toast titled 'Account creation failed' for what no field owns.
 */
export function reportSignUpError(error: unknown, setFieldError: SetFieldError) {
  if (!(error instanceof ApiError)) return failed(M.noUser);
  if (error.kind === 'timeout' || error.kind === 'network') return failed(error.message);

  switch (error.code) {
    case 'USERNAME_TAKEN':
      return reportUsernameTaken(setFieldError);
    case 'EMAIL_TAKEN':
      setFieldError('email', error.fields.email ?? M.emailRegistered);
      return failed(M.emailRegistered);
    case 'RATE_LIMITED':
      return failed(error.message);
    case 'VALIDATION_FAILED':
    case 'BAD_REQUEST': {
      const unowned = applyFieldErrors(error, SIGN_UP_FIELDS, setFieldError);
      if (unowned) failed(unowned);
      return;
    }
    default:
      return failed(M.noUser);
  }
}
