import type { UseFormSetError } from 'react-hook-form';
import { reportRequestError } from '@/lib/report-request-error';
import { SHOW_FORM_FIELDS, type ShowFormValues } from './show-form';

/**
 * A refused announce or edit: each message a field owns goes under that field (the first one
 * focused), anything else in a toast titled `title`.
 */
export function reportShowFormError(
  error: unknown,
  title: string,
  setError: UseFormSetError<ShowFormValues>,
): void {
  reportRequestError(error, {
    title,
    fields: {
      names: SHOW_FORM_FIELDS,
      set: (field, message) => setError(field, { type: 'server', message }, { shouldFocus: true }),
    },
  });
}
