import { Check } from 'lucide-react';
import { useSetAttendance } from '@/api/attendance';
import { fanKeys } from '@/api/fan';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { reportRequestError } from '@/lib/report-request-error';

/** 'Going' as a pressed/unpressed toggle; the list refreshes from the server once saved. */
export function GoingToggle({ showId, going }: { showId: string; going: boolean }) {
  const save = useSetAttendance({ invalidate: fanKeys.all });
  return (
    <Button
      variant={going ? 'primary' : 'secondary'}
      size="sm"
      aria-pressed={going}
      disabled={save.isPending}
      onClick={() =>
        save.mutate(
          { showId, status: going ? null : 'going' },
          {
            onError: (error) => reportRequestError(error, { title: 'Could not save your plans' }),
          },
        )
      }
    >
      {save.isPending ? <Spinner className="size-4" /> : <Check aria-hidden className="size-4" />}
      Going
    </Button>
  );
}
