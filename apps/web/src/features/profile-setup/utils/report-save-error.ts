import { SETUP_MESSAGES as S } from '@encore/contract';
import { reportRequestError } from '@/lib/report-request-error';

/**
 * A failed save (spec section 8, "Setup screens"): logged, the server's field messages under the
 * form's fields, and for the rest a toast 'Error' with the error's message ('Not authenticated'
 * for a missing session, 'Failed to save profile' when there is no message).
 */
export function reportSaveError<F extends string>(
  error: unknown,
  formFields: readonly F[],
  setFieldError: (field: F, message: string) => void,
): void {
  console.error('Failed to save profile', error);
  reportRequestError(error, {
    title: S.errorTitle,
    fields: { names: formFields, set: setFieldError },
    describe: (e) => (e.status === 401 ? S.notAuthenticated : undefined),
    fallback: S.saveFailed,
  });
}
