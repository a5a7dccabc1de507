import { TOUR_PLANNER_MESSAGES as M } from '@encore/contract';
import { ApiError } from '@/lib/api-client';
import { type ConstraintErrors, constraintFieldOf } from './constraints-draft';

/** A failure said inside the planner's dialog (FailureAlert): what failed, and why or what to do. */
export interface SaidFailure {
  title: string;
  description: string;
}

/**
 * A failed plan (seed section 8: 'Failed to generate tour plan', 'Please try again'). A 422
 * PLAN_UNSATISFIABLE names the unmet constraint, and its `fields` point at the constraint's field
 * (or at the prompt): those come back as `errors` for the dialog to show under the field, and
 * nothing repeats them (one message per failure). Anything no field owns is a `failure`
 * titled 'Failed to generate tour plan', described by the server's message, or 'Please try again'
 * when no answer came (a lost connection, a timeout). The seed's toast is said inside the dialog
 * (FailureAlert): a toast covered the open dialog's edge.
 */
export function planningFailure(error: unknown): {
  errors: ConstraintErrors;
  failure: SaidFailure | null;
} {
  const errors: ConstraintErrors = {};
  let owned = false;
  if (error instanceof ApiError) {
    for (const [path, text] of Object.entries(error.fields)) {
      const field = constraintFieldOf(path);
      if (field) errors[field] ??= text;
      if (field || path === 'prompt') owned = true;
    }
  }
  if (owned) return { errors, failure: null };
  const message = error instanceof ApiError && error.kind === 'http' ? error.message : null;
  return { errors, failure: { title: M.failedTitle, description: message ?? M.failedDescription } };
}
