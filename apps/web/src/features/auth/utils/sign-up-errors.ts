import { SIGN_UP_MESSAGES as M } from '@encore/contract';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { reportRequestError } from '@/lib/report-request-error';

export const SIGN_UP_FIELDS = ['username', 'email', 'password', 'confirmPassword'] as const;
export type SignUpField = (typeof SIGN_UP_FIELDS)[number];
type SetFieldError = (field: SignUpField, message: string) => void;

/** Spec section 8: the username is taken, found by the pre-check or by the server's race guard. */
export function reportUsernameTaken(setFieldError: SetFieldError) {
  setFieldError('username', M.usernameExists);
  toast.error(M.usernameExists, { description: M.usernameExistsDescription });
}

/**
 * Maps a failed sign-up to the spec's messages (section 8, "Sign-up"): field errors under their
 * fields, and a toast titled 'Account creation failed' for what no field owns: the server's reason
 * (a refusal, a rate limit), the api-client's for a timeout or lost connection, and the spec's
 * 'Account creation failed - please try again' when the server failed or returned no user.
 */
export function reportSignUpError(error: unknown, setFieldError: SetFieldError) {
  if (error instanceof ApiError && error.code === 'USERNAME_TAKEN') {
    return reportUsernameTaken(setFieldError);
  }
  if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') {
    setFieldError('email', error.fields.email ?? M.emailRegistered);
    return toast.error(M.failedTitle, { description: M.emailRegistered });
  }
  reportRequestError(error, {
    title: M.failedTitle,
    fields: { names: SIGN_UP_FIELDS, set: setFieldError },
    describe: (e) =>
      e.kind === 'invalid-response' || (e.status ?? 0) >= 500 ? M.noUser : undefined,
    fallback: M.noUser,
  });
}
