import { TOUR_PLANNER_MESSAGES as M } from '@encore/contract';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { type ConstraintErrors, constraintFieldOf } from './constraints-draft';

/**
 * A failed plan (seed section 8: 'Failed to generate tour plan', 'Please try again'). A 422
 * PLAN_UNSATISFIABLE names the unmet constraint, and its `fields` point at the constraint's field
 * (or at the prompt): those come back for the dialog to show under the field, and no toast repeats
 * them (errors a field owns go under the field, not in a toast; the toast said the same sentence twice, over the dialog).
 * Anything no field owns is a toast titled 'Failed to generate tour plan', described by the
 * server's message, or 'Please try again' when no answer came (a lost connection, a timeout).
 */
export function reportPlanningFailure(error: unknown): ConstraintErrors {
  const errors: ConstraintErrors = {};
  let owned = false;
  if (error instanceof ApiError) {
    for (const [path, text] of Object.entries(error.fields)) {
      const field = constraintFieldOf(path);
      if (field) errors[field] ??= text;
      if (field || path === 'prompt') owned = true;
    }
  }
  if (owned) return errors;
  const message = error instanceof ApiError && error.kind === 'http' ? error.message : null;
  toast.error(M.failedTitle, { description: message ?? M.failedDescription });
  return errors;
}
