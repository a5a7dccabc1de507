import { SHOW_MESSAGES as S, type TShow } from '@encore/contract';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { TextField } from '@/components/form/text-field';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { usePostponeShow } from '../api/postpone-show';
import { isFutureLocal } from '../utils/format-show';

/** 'Postpone': an optional new date (blank = to be announced), then POST .../postpone. */
export function PostponeShowDialog({ show }: { show: TShow }) {
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | undefined>();
  const postpone = usePostponeShow(show.id);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (date && !isFutureLocal(date)) return setError(S.dateInFuture);
    setError(undefined);
    postpone.mutate(date || null, {
      onSuccess: () => {
        toast.success(S.postponedTitle);
        setOpen(false);
        setDate('');
      },
      onError: (failure) => {
        const fieldMessage = failure instanceof ApiError ? failure.fields.startsAtLocal : undefined;
        if (fieldMessage) setError(fieldMessage);
        else toast.error('Could not postpone the show', { description: failure.message });
      },
    });
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
        Postpone
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-2xl border border-line bg-surface p-6 shadow-2xl">
          <Dialog.Title className="font-display text-xl font-semibold">Postpone Show</Dialog.Title>
          <Dialog.Description className="text-fg-muted">
            Enter the new date and time at {show.venue.name}, or leave it blank if it is not known
            yet.
          </Dialog.Description>
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            <TextField
              label="New Date and Time"
              type="datetime-local"
              value={date}
              error={error}
              onChange={(event) => setDate(event.target.value)}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonClasses({ variant: 'secondary' })}>
                Keep Date
              </Dialog.Close>
              <Button type="submit" disabled={postpone.isPending}>
                {postpone.isPending && <Spinner />}
                Postpone Show
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
