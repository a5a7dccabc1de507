import type { SaidFailure } from '../utils/planning-failure';

/**
 * A failure no field owns (a plan that failed, a copy the browser refused), said inside the
 * planner's dialog beside the button that failed: a toast there sat over the dialog's right edge
 * (a toast covered its right edge on desktop), and the dialog is what the performer is reading. The region is always there, so the
 * message is announced when it appears.
 */
export function FailureAlert({ failure }: { failure: SaidFailure | null }) {
  return (
    <div
      role="alert"
      className="rounded-xl border border-danger/60 bg-danger/10 px-3 py-2 text-sm empty:hidden"
    >
      {failure && (
        <>
          <p className="font-medium text-danger">{failure.title}</p>
          <p className="break-words">{failure.description}</p>
        </>
      )}
    </div>
  );
}
