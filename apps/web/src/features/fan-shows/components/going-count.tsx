import type { TFanShow } from '@encore/contract';
import { AttendeeFaces } from '@/components/shows/attendee-faces';
import { formatCount } from '@/components/shows/format-show';
import { PalsGoing } from '@/components/shows/pals-going';

/**
 * Spec "Alerts": the attending-fans block, '{n} going' with a few faces and '+N more', then which
 * of my Show Pals are going.
 */
export function GoingCount({ item }: { item: TFanShow }) {
  const count = item.show.attendingCount;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm font-semibold">
          {count > 0 ? `${formatCount(count)} going` : 'Nobody going yet'}
        </p>
        <AttendeeFaces faces={item.faces} count={count} />
      </div>
      <PalsGoing palsGoing={item.palsGoing} />
    </div>
  );
}
