import { FAN_PAGE_MESSAGES, type TFanHomeShow } from '@encore/contract';
import { Check, X } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { type AttendanceStatus, useSetAttendance } from '@/api/attendance';
import { fanKeys } from '@/api/fan';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { reportRequestError } from '@/lib/report-request-error';
import { ShowWhereWhen } from './show-where-when';

/** One started show the fan said they were going to: did they go? */
function DidYouGoPrompt({ item }: { item: TFanHomeShow }) {
  const { show } = item;
  const headingId = useId();
  const save = useSetAttendance({ invalidate: fanKeys.all });
  // mutateAsync, not mutate's callbacks: the answer removes this prompt (the home is refetched
  // before the mutation settles), and an unmounted component's mutate callbacks never run.
  const answer = async (status: AttendanceStatus) => {
    try {
      await save.mutateAsync({ showId: show.id, status });
      if (status === 'attended') toast.success(FAN_PAGE_MESSAGES.markedAttended);
    } catch (error) {
      reportRequestError(error, { title: 'Could not save your answer' });
    }
  };
  const busy = (status: AttendanceStatus) => save.isPending && save.variables?.status === status;

  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex flex-col gap-3 rounded-2xl border border-accent/60 bg-surface/90 p-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={headingId} className="font-semibold">
            {show.performer.name}
          </h3>
          <ShowWhereWhen show={show} startsText={item.startsLocal?.text} />
        </div>
        <div className="flex shrink-0 gap-2">
          <Button size="sm" disabled={save.isPending} onClick={() => answer('attended')}>
            {busy('attended') ? (
              <Spinner className="size-4" />
            ) : (
              <Check aria-hidden className="size-4" />
            )}
            Yes, I went
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={save.isPending}
            onClick={() => answer(null)}
          >
            {busy(null) ? <Spinner className="size-4" /> : <X aria-hidden className="size-4" />}
            No
          </Button>
        </div>
      </article>
    </li>
  );
}

/** Shows the fan was going to that have started: confirming one moves it to 'Shows Attended'. */
export function DidYouGo({ items }: { items: readonly TFanHomeShow[] }) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="font-display text-xl font-semibold">
        Did you go?
      </h2>
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <DidYouGoPrompt key={item.show.id} item={item} />
        ))}
      </ul>
    </section>
  );
}
