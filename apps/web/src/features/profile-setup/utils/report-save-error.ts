import { SETUP_MESSAGES as S } from '@encore/contract';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';

/**
 * A failed save: the server's field messages go under the form's fields; a missing session is
 * the spec's 'Error' / 'Not authenticated'; anything else the spec's 'Error' toast.
 */
export function reportSaveError<F extends string>(
  error: unknown,
  formFields: readonly F[],
  setFieldError: (field: F, message: string) => void,
): void {
  console.error('Failed to save profile', error);
  if (!(error instanceof ApiError)) {
    toast.error(S.errorTitle, { description: S.saveFailed });
    return;
  }
  if (error.status === 401) {
    toast.error(S.errorTitle, { description: S.notAuthenticated });
    return;
  }
  let placed = 0;
  for (const [field, message] of Object.entries(error.fields)) {
    const known = formFields.find((name) => name === field);
    if (known) {
      setFieldError(known, message);
      placed += 1;
    }
  }
  if (placed === 0) toast.error(S.errorTitle, { description: error.message || S.saveFailed });
}
