import type { OwnerConfirmation } from '../utils/show-confirmation';

/** 'Waiting for The Lantern to confirm' / 'Declined by …': the announcer's view of its request. */
export function ConfirmationBadge({ confirmation }: { confirmation: OwnerConfirmation }) {
  if (confirmation.kind === 'waiting') {
    return (
      <p className="inline-flex w-fit items-center rounded-full border border-line-strong px-3 py-1 text-xs font-semibold text-fg">
        Waiting for {confirmation.party} to confirm
      </p>
    );
  }
  if (confirmation.kind === 'declined') {
    return (
      <p className="inline-flex w-fit items-center rounded-full border border-danger px-3 py-1 text-xs font-semibold text-danger">
        {confirmation.party === null
          ? 'You declined this show'
          : `Declined by ${confirmation.party}: withdrawn`}
      </p>
    );
  }
  return null;
}
