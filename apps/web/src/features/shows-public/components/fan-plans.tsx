import type { TShowDetail } from '@encore/contract';
import { AttendanceButtons } from './attendance-buttons';
import { InvitePalsDialog } from './invite-pals-dialog';

/** Pals can be invited to an upcoming, not cancelled show I am going to (as the server insists). */
export function canInvitePals({ show, myAttendance }: TShowDetail, now = Date.now()): boolean {
  return myAttendance === 'going' && show.status !== 'cancelled' && Date.parse(show.startsAt) > now;
}

/** A signed-in fan's buttons on the show page: Going / Attended, and Invite pals once going. */
export function FanPlans({ detail }: { detail: TShowDetail }) {
  return (
    <div className="flex flex-wrap gap-2">
      <AttendanceButtons detail={detail} />
      {canInvitePals(detail) && <InvitePalsDialog showId={detail.show.id} />}
    </div>
  );
}
