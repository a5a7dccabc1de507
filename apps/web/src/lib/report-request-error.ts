import { GENERIC_MESSAGES } from '@encore/contract';
import { toast } from 'sonner';
import { ApiError, onRequestSucceeded } from './api-client';

/** A form's own inputs: a server field error for one of `names` goes under that input. */
export interface FormFields<F extends string> {
  names: readonly F[];
  /** Usually `(field, message) => form.setError(field, { type: 'server', message })`. */
  set: (field: F, message: string) => void;
}

export interface ReportOptions<F extends string> {
  /** The toast's title, saying what failed ('Could not save the show'). */
  title: string;
  fields?: FormFields<F>;
  /**
   * Shows the message in the form's own error slot (a role="alert" line) instead of a toast,
   * for dialogs and pages that already have one.
   */
  show?: (message: string) => void;
  /** A form's own wording for some failures (the spec's texts); undefined keeps the default. */
  describe?: (error: ApiError) => string | undefined;
  /** For a failure that is not an ApiError (a bug, a browser API that threw). */
  fallback?: string;
}

/**
 * The field that owns a server field path: 'supportingActs.0' belongs to 'supportingActs'.
 * Undefined when the form has no input for it.
 */
function owningField<F extends string>(names: readonly F[], path: string): F | undefined {
  return names.find((name) => path === name || path.startsWith(`${name}.`));
}

/**
 * The message to show for a failed request: the server's for an HTTP error (403, 429, 500...),
 * the api-client's for a timeout or lost connection; `fallback` for anything else.
 */
export function requestErrorMessage(
  error: unknown,
  fallback: string = GENERIC_MESSAGES.internal,
): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/**
 * The one way a form reports a failed request (field errors under the field, a toast only for the rest): the server's field
 * messages go under the form's own inputs; everything no input owns (a refusal, a rate limit, a
 * server error, a lost connection, a field the form does not show) becomes one clear message, in
 * the form's error slot when it has one, else a toast. So no failure is ever silent.
 */
export function reportRequestError<F extends string = never>(
  error: unknown,
  options: ReportOptions<F>,
): void {
  let unowned: string | undefined;
  let placed = 0;
  if (error instanceof ApiError) {
    for (const [path, message] of Object.entries(error.fields)) {
      const field = options.fields && owningField(options.fields.names, path);
      if (field) {
        options.fields?.set(field, message);
        placed += 1;
      } else {
        unowned ??= message;
      }
    }
  }
  if (placed > 0 && unowned === undefined) return;

  const message =
    unowned ??
    (error instanceof ApiError ? options.describe?.(error) : undefined) ??
    requestErrorMessage(error, options.fallback);
  if (options.show) options.show(message);
  else raiseErrorToast(options.title, message, error);
}

/** The error toasts on screen, by the request whose failure raised them. */
const toastsByRequest = new Map<string, Set<string>>();

/**
 * One toast per action (its title is its id): a second failure replaces the first instead of
 * stacking. A later success of the same request takes it away, so an old "Could not save" never
 * sits beside the "Saved" that followed it.
 */
function raiseErrorToast(title: string, message: string, error: unknown) {
  const id = `request-error:${title}`;
  toast.error(title, { id, description: message });
  const request = error instanceof ApiError ? error.request : null;
  if (request === null) return;
  const ids = toastsByRequest.get(request) ?? new Set<string>();
  toastsByRequest.set(request, ids.add(id));
}

onRequestSucceeded((request) => {
  const ids = toastsByRequest.get(request);
  if (!ids) return;
  toastsByRequest.delete(request);
  for (const id of ids) toast.dismiss(id);
});
