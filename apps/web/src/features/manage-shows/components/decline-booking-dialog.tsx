import { BOOKING_MESSAGES, BOOKING_NOTE_MAX, type TBookingRequest } from '@encore/contract';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { useDeclineBookingRequest } from '@/api/booking-requests';
import { TextareaField } from '@/components/form/textarea-field';
import { Button, buttonClasses } from '@/components/ui/button';
import { DialogActions, DialogShell } from '@/components/ui/dialog-shell';
import { Spinner } from '@/components/ui/spinner';
import { reportRequestError } from '@/lib/report-request-error';
import { formatBookingDate } from '../utils/booking-requests';

/** 'Decline' (venue): an optional note the performer will read, then POST .../decline. */
export function DeclineBookingDialog({ request }: { request: TBookingRequest }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const decline = useDeclineBookingRequest();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The counter shows the limit as it is typed; this only stops a note pasted past it.
    if (note.trim().length > BOOKING_NOTE_MAX) {
      return setError(`Keep the note under ${BOOKING_NOTE_MAX} characters`);
    }
    setError(undefined);
    decline.mutate(
      { id: request.id, note },
      {
        onSuccess: () => {
          toast.success(BOOKING_MESSAGES.declined);
          setOpen(false);
          setNote('');
        },
        onError: (failure) =>
          reportRequestError(failure, {
            title: 'Could not decline the request',
            fields: { names: ['note'] as const, set: (_field, message) => setError(message) },
          }),
      },
    );
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(undefined);
      }}
    >
      <Dialog.Trigger className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        Decline
      </Dialog.Trigger>
      <DialogShell.Panel scrollable>
        <DialogShell.Title>Decline this request?</DialogShell.Title>
        <DialogShell.Description>
          {request.performerName} asked for {formatBookingDate(request.date)}. You can tell them
          why; the note is optional.
        </DialogShell.Description>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <TextareaField
            label="Note to the performer"
            rows={4}
            max={BOOKING_NOTE_MAX}
            value={note}
            onChange={setNote}
            error={error}
          />
          <DialogActions>
            <Dialog.Close className={buttonClasses({ variant: 'secondary' })}>Keep</Dialog.Close>
            <Button type="submit" variant="danger" disabled={decline.isPending}>
              {decline.isPending && <Spinner />}
              Decline Request
            </Button>
          </DialogActions>
        </form>
      </DialogShell.Panel>
    </Dialog.Root>
  );
}
