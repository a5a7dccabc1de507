import {
  SHOW_MESSAGES as S,
  type TPostponeShow,
  type TShow,
  ZPostponeShow,
} from '@encore/contract';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { TextField } from '@/components/form/text-field';
import { Button, buttonClasses } from '@/components/ui/button';
import { DialogActions, DialogShell } from '@/components/ui/dialog-shell';
import { Spinner } from '@/components/ui/spinner';
import { reportRequestError } from '@/lib/report-request-error';
import { usePostponeShow } from '../api/postpone-show';
import { isFutureLocal } from '../utils/format-show';
import { type NightTaken, nightTaken, SameNightDialog } from './announce-conflicts';

/**
 * 'Postpone': an optional new date (blank = to be announced), then POST .../postpone. A new date on
 * a night the venue already holds a show on is asked about (decision 041), as announcing and
 * editing are; 'Not this one' goes back to the date, which can then be changed.
 */
export function PostponeShowDialog({ show }: { show: TShow }) {
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [question, setQuestion] = useState<{ asked: NightTaken; input: TPostponeShow } | null>(
    null,
  );
  const postpone = usePostponeShow(show.id);

  const send = (input: TPostponeShow) => {
    setQuestion(null);
    postpone.mutate(input, {
      onSuccess: () => {
        toast.success(S.postponedTitle);
        setOpen(false);
        setDate('');
      },
      onError: (failure) => {
        const asked = nightTaken(failure);
        if (asked) return setQuestion({ asked, input });
        reportRequestError(failure, {
          title: 'Could not postpone the show',
          fields: {
            names: ['startsAtLocal'] as const,
            set: (_field, message) => setError(message),
          },
        });
      },
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (date && !isFutureLocal(date)) return setError(S.dateInFuture);
    const parsed = ZPostponeShow.safeParse({ startsAtLocal: date || null });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    send({ startsAtLocal: date || null });
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        // Dismissing ('Keep Date', Escape) abandons what was typed: reopened, the dialog must not
        // offer a date the performer walked away from (blank means 'to be announced').
        setOpen(next);
        setDate('');
        setError(undefined);
        setQuestion(null);
      }}
    >
      <Dialog.Trigger className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        Postpone
      </Dialog.Trigger>
      <DialogShell.Panel>
        <DialogShell.Title>Postpone Show</DialogShell.Title>
        <DialogShell.Description>
          Enter the new date and time at {show.venue.name}, or leave it blank if it is not known
          yet.
        </DialogShell.Description>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <TextField
            label="New Date and Time"
            type="datetime-local"
            value={date}
            error={error}
            onChange={(event) => setDate(event.target.value)}
          />
          <DialogActions>
            <Dialog.Close className={buttonClasses({ variant: 'secondary' })}>
              Keep Date
            </Dialog.Close>
            <Button type="submit" disabled={postpone.isPending}>
              {postpone.isPending && <Spinner />}
              Postpone Show
            </Button>
          </DialogActions>
          {question && (
            <SameNightDialog
              message={question.asked.message}
              pending={postpone.isPending}
              onConfirm={() => send({ ...question.input, confirmSameNight: true })}
              onClose={() => setQuestion(null)}
            />
          )}
        </form>
      </DialogShell.Panel>
    </Dialog.Root>
  );
}
