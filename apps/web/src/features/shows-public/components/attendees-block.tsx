import type { TShowDetail } from '@encore/contract';
import { AttendeeFaces } from '@/components/shows/attendee-faces';
import { ConnectDialog } from '@/components/shows/connect-dialog';
import { formatCount } from '@/components/shows/format-show';

export const MAX_FACES = 12;

/** Spec "Alerts": how many fans are going, some of their faces, '+N more', and 'Connect'. */
export function AttendeesBlock({ detail }: { detail: TShowDetail }) {
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
      <div>
        <ConnectDialog performerName={show.performer.name} />
      </div>
    </section>
  );
}
