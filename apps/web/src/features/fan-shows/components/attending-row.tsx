import type { TFanShow } from '@encore/contract';
import { X } from 'lucide-react';
import { useSetAttendance } from '@/api/attendance';
import { fanKeys } from '@/api/fan';
import { PalsGoing } from '@/components/shows/pals-going';
import { ShowCard } from '@/components/shows/show-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { reportRequestError } from '@/lib/report-request-error';

/**
 * A show the fan is going to (the card links to it), which pals are going too, and 'Not going' to
 * take the mark back.
 */
export function AttendingRow({ item }: { item: TFanShow }) {
  const { show } = item;
  const save = useSetAttendance({ invalidate: fanKeys.all });
  return (
    <article aria-label={show.performer.name} className="flex flex-col gap-2">
      <ShowCard show={show} />
      <div className="flex flex-wrap items-center gap-2">
        <PalsGoing palsGoing={item.palsGoing} />
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          disabled={save.isPending}
          onClick={() =>
            save.mutate(
              { showId: show.id, status: null },
              {
                onError: (error) =>
                  reportRequestError(error, { title: 'Could not save your plans' }),
              },
            )
          }
        >
          {save.isPending ? <Spinner className="size-4" /> : <X aria-hidden className="size-4" />}
          Not going
        </Button>
      </div>
    </article>
  );
}
