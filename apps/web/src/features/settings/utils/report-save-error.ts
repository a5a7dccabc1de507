import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';

/**
 * Puts the server's field messages under the tab's own inputs; whatever no input owns (or an
 * error without fields) becomes a toast.
 */
export function reportSaveError<F extends string>(
  error: unknown,
  formFields: readonly F[],
  setFieldError: (field: F, message: string) => void,
): void {
  if (!(error instanceof ApiError)) {
    toast.error('Something went wrong', { description: 'Please try again.' });
    return;
  }
  let unowned: string | null = null;
  let placed = 0;
  for (const [field, message] of Object.entries(error.fields)) {
    const own = formFields.find((name) => name === field);
    if (own) {
      setFieldError(own, message);
      placed += 1;
    } else {
      unowned ??= message;
    }
  }
  const leftover = unowned ?? (placed === 0 ? error.message : null);
  if (leftover) toast.error('Could not save', { description: leftover });
}
