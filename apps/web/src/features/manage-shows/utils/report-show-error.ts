import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';

/**
 * The server's field messages go under the form's own fields; what no field owns (or an error
 * without fields) becomes a toast titled `title`.
 */
export function reportShowError<F extends string>(
  error: unknown,
  title: string,
  formFields: readonly F[],
  setFieldError: (field: F, message: string) => void,
): void {
  if (!(error instanceof ApiError)) {
    toast.error(title, { description: 'Please try again.' });
    return;
  }
  let unowned: string | null = null;
  let placed = 0;
  for (const [field, message] of Object.entries(error.fields)) {
    const own = formFields.find((name) => name === field || field.startsWith(`${name}.`));
    if (own) {
      setFieldError(own, message);
      placed += 1;
    } else {
      unowned ??= message;
    }
  }
  const leftover = unowned ?? (placed === 0 ? error.message : null);
  if (leftover) toast.error(title, { description: leftover });
}
