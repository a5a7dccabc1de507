import type { ApiError } from '@/lib/api-client';

/**
 * Puts the server's field messages under the form's own fields. Returns the message that no
 * visible field owns (if any), which the caller shows as a toast instead.
 */
export function applyFieldErrors<F extends string>(
  error: ApiError,
  formFields: readonly F[],
  setFieldError: (field: F, message: string) => void,
): string | null {
  let unowned: string | null = null;
  let placed = 0;
  for (const [field, message] of Object.entries(error.fields)) {
    const formField = formFields.find((name) => name === field);
    if (formField) {
      setFieldError(formField, message);
      placed += 1;
    } else {
      unowned ??= message;
    }
  }
  return unowned ?? (placed === 0 ? error.message : null);
}
