import type { TShowDetail } from '@encore/contract';
import { formatCount } from '../utils/format-show';
import { ConnectDialog } from './connect-dialog';
import { Face } from './face';

export const MAX_FACES = 12;

/** Spec "Alerts": how many fans are going, some of their faces, '+N more', and 'Connect'. */
export function AttendeesBlock({ detail }: { detail: TShowDetail }) {
  const { show, attendees } = detail;
  const count = show.attendingCount;
  const faces = attendees.slice(0, MAX_FACES);
  const more = count - faces.length;
  const verb = Date.parse(show.startsAt) <= Date.now() ? 'went' : 'going';
  return (
    <section
      aria-labelledby="attendees-heading"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface/90 p-5"
    >
      <h2 id="attendees-heading" className="font-display text-lg font-semibold">
        {formatCount(count)} {count === 1 ? 'fan' : 'fans'} {verb}
      </h2>
      {faces.length > 0 && (
        <ul aria-label="Fans going" className="flex flex-wrap items-center -space-x-2">
          {faces.map((a) => (
            <li key={a.id}>
              <Face name={a.name} photoUrl={a.photoUrl} />
            </li>
          ))}
          {more > 0 && (
            <li className="pl-4 text-sm font-semibold text-fg-muted">+{formatCount(more)} more</li>
          )}
        </ul>
      )}
      <div>
        <ConnectDialog performerName={show.performer.name} />
      </div>
    </section>
  );
}
