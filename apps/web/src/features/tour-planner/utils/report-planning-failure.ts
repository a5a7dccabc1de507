import { TOUR_PLANNER_MESSAGES as M } from '@encore/contract';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { type ConstraintErrors, constraintFieldOf } from './constraints-draft';

/**
 * A failed plan (seed section 8): the toast is titled with the server's message, or 'Failed to
 * generate tour plan', and described by the message, or 'Please try again'. Only an answer from
 * our API has a message of its own; a lost connection or a timeout gets the fallbacks. A 422
 * PLAN_UNSATISFIABLE names the unmet constraint, and its `fields` point at the constraint's
 * field: those come back for the correction form to show under the field.
 */
export function reportPlanningFailure(error: unknown): ConstraintErrors {
  const message = error instanceof ApiError && error.kind === 'http' ? error.message : null;
  toast.error(message ?? M.failedTitle, { description: message ?? M.failedDescription });
  const errors: ConstraintErrors = {};
  if (error instanceof ApiError) {
    for (const [path, text] of Object.entries(error.fields)) {
      const field = constraintFieldOf(path);
      if (field) errors[field] ??= text;
    }
  }
  return errors;
}
