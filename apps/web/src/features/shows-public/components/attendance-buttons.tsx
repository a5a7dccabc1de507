import type { TShowDetail } from '@encore/contract';
import { Check, Star } from 'lucide-react';
import { type AttendanceStatus, useSetAttendance } from '@/api/attendance';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { reportRequestError } from '@/lib/report-request-error';

interface AttendanceButtonsProps {
  detail: TShowDetail;
  now?: number;
}

/** 'Going' and, once the show has started, 'Attended': toggles saved on the server. */
export function AttendanceButtons({ detail, now = Date.now() }: AttendanceButtonsProps) {
  const { show, myAttendance } = detail;
  const save = useSetAttendance();
  const started = Date.parse(show.startsAt) <= now && show.status !== 'postponed';
  const canGo = show.status !== 'cancelled' && !started;

  const toggle = (status: Exclude<AttendanceStatus, null>) =>
    save.mutate(
      { showId: show.id, status: myAttendance === status ? null : status },
      {
        onError: (error) => reportRequestError(error, { title: 'Could not save your plans' }),
      },
    );

  return (
    <div className="flex flex-wrap gap-2">
      {(canGo || myAttendance === 'going') && (
        <Button
          variant={myAttendance === 'going' ? 'primary' : 'secondary'}
          aria-pressed={myAttendance === 'going'}
          disabled={save.isPending}
          onClick={() => toggle('going')}
        >
          {save.isPending && save.variables?.status !== 'attended' ? (
            <Spinner />
          ) : (
            <Check aria-hidden className="size-4" />
          )}
          Going
        </Button>
      )}
      {started && show.status !== 'cancelled' && (
        <Button
          variant={myAttendance === 'attended' ? 'primary' : 'secondary'}
          aria-pressed={myAttendance === 'attended'}
          disabled={save.isPending}
          onClick={() => toggle('attended')}
        >
          {save.isPending && save.variables?.status === 'attended' ? (
            <Spinner />
          ) : (
            <Star aria-hidden className="size-4" />
          )}
          Attended
        </Button>
      )}
    </div>
  );
}
