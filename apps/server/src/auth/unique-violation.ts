import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * better-auth catches the database error of a failed user INSERT, logs it and throws a generic
 * FAILED_TO_CREATE_USER. To tell "username taken" from "email taken" when two sign-ups race past
 * the existence checks, its logger hands us the original error: `captureUniqueViolation` runs a
 * call with a slot that the logger fills with the name of the violated unique index.
 */
type Slot = { constraint?: string };
const slots = new AsyncLocalStorage<Slot>();

export async function captureUniqueViolation<T>(
  call: () => Promise<T>,
): Promise<{ result: T } | { error: unknown; constraint: string | undefined }> {
  const slot: Slot = {};
  try {
    return { result: await slots.run(slot, call) };
  } catch (error) {
    return { error, constraint: slot.constraint ?? uniqueViolationConstraint(error) };
  }
}

/** Called with every argument better-auth logs; records a unique violation for the current call. */
export function noteLoggedError(args: unknown[]): void {
  const slot = slots.getStore();
  if (!slot) return;
  for (const arg of args) {
    const constraint = uniqueViolationConstraint(arg);
    if (constraint) slot.constraint = constraint;
  }
}

/** The index name of a Postgres unique_violation (23505), looking through wrapped causes. */
export function uniqueViolationConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505' && typeof candidate.constraint === 'string') {
      return candidate.constraint;
    }
    current = candidate.cause;
  }
  return undefined;
}
