import type { TShowDetail } from '@encore/contract';
import { AttendeeFaces } from '@/components/shows/attendee-faces';
import { ConnectDialog } from '@/components/shows/connect-dialog';
import { formatCount } from '@/components/shows/format-show';
import { PalsGoing } from '@/components/shows/pals-going';
import type { Viewer } from '../utils/viewer';

export const MAX_FACES = 12;

/**
 * Spec "Alerts": how many fans are going, some of their faces, '+N more', and, for fans,
 * which of their Show Pals are going and 'Connect with Attendees' (Show Pals are between fans).
 */
export function AttendeesBlock({ detail, viewer }: { detail: TShowDetail; viewer: Viewer }) {
  const { show, attendees } = detail;
  const count = show.attendingCount;
  const verb = Date.parse(show.startsAt) <= Date.now() ? 'went' : 'going';
  return (
    <section
      aria-labelledby="attendees-heading"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface/90 p-5"
    >
      <h2 id="attendees-heading" className="font-display text-lg font-semibold">
        {formatCount(count)} {count === 1 ? 'fan' : 'fans'} {verb}
      </h2>
      <AttendeeFaces faces={attendees.slice(0, MAX_FACES)} count={count} />
      <PalsGoing palsGoing={detail.palsGoing} />
      {viewer?.role === 'fan' && (
        <div>
          <ConnectDialog showId={show.id} performerName={show.performer.name} />
        </div>
      )}
    </section>
  );
}
