import { SHOW_MESSAGES as S, type TShow } from '@encore/contract';
import { AlertDialog } from 'radix-ui';
import { type MouseEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button, buttonClasses } from '@/components/ui/button';
import { AlertDialogShell, DialogActions } from '@/components/ui/dialog-shell';
import { Spinner } from '@/components/ui/spinner';
import { reportRequestError } from '@/lib/report-request-error';
import { type AnswerSlot, type ShowAnswer, useAnswerShow } from '../api/answer-show';
import { type NightTaken, nightTaken, SameNightDialog } from './announce-conflicts';

const FAILED: Record<ShowAnswer, string> = {
  confirm: 'Could not confirm the show',
  decline: 'Could not decline the show',
};

interface AnswerShowActionsProps {
  show: TShow;
  announcer: string;
  /** 'supporting': the owner is asked about its own slot on the bill, not the whole show. */
  slot?: AnswerSlot;
}

/**
 * Confirm / Decline for the party a pending show names. Declining withdraws it for good, so it
 * asks first; either failure is a toast with the server's reason, except a venue confirming a
 * second show on one night: that asks whether the night holds two, and the answer confirms.
 */
export function AnswerShowActions({ show, announcer, slot = 'party' }: AnswerShowActionsProps) {
  const [open, setOpen] = useState(false);
  const [night, setNight] = useState<NightTaken | null>(null);
  const answer = useAnswerShow();
  const send = (choice: ShowAnswer, done?: () => void, confirmSameNight?: boolean) =>
    answer.mutate(
      { id: show.id, answer: choice, slot, confirmSameNight },
      {
        onSuccess: () => {
          setNight(null);
          toast.success(choice === 'confirm' ? S.confirmedTitle : S.declinedTitle);
          done?.();
        },
        onError: (error) => {
          const asked = choice === 'confirm' ? nightTaken(error) : null;
          if (asked) return setNight(asked);
          setNight(null);
          reportRequestError(error, { title: FAILED[choice] });
        },
      },
    );
  const onDecline = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault(); // keep the dialog open while the request runs
    send('decline', () => setOpen(false));
  };
  const busy = answer.isPending;

  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-fg">
        {slot === 'supporting'
          ? `${announcer} listed you as a supporting act. It stays off your page, and your watchers hear nothing of it, until you confirm.`
          : `${announcer} listed you for this show. It stays off your page, and no fan hears of it, until you confirm.`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={busy} onClick={() => send('confirm')}>
          {busy && answer.variables?.answer === 'confirm' && <Spinner />}
          Confirm
        </Button>
        {night && (
          <SameNightDialog
            message={night.message}
            pending={busy}
            onConfirm={() => send('confirm', undefined, true)}
            onClose={() => setNight(null)}
          />
        )}
        <AlertDialog.Root open={open} onOpenChange={setOpen}>
          <AlertDialog.Trigger
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            disabled={busy}
          >
            Decline
          </AlertDialog.Trigger>
          <AlertDialogShell.Panel>
            <AlertDialogShell.Title>Decline this show?</AlertDialogShell.Title>
            <AlertDialogShell.Description>
              {slot === 'supporting'
                ? `You will be taken off the bill of ${show.performer.name} at ${show.venue.name}, and ${announcer} will be told.`
                : `${show.performer.name} at ${show.venue.name} will be withdrawn, and ${announcer} will be told.`}{' '}
              This cannot be undone.
            </AlertDialogShell.Description>
            <DialogActions>
              <AlertDialog.Cancel className={buttonClasses({ variant: 'secondary' })}>
                Keep Request
              </AlertDialog.Cancel>
              <AlertDialog.Action
                className={buttonClasses({ variant: 'danger' })}
                disabled={busy}
                onClick={onDecline}
              >
                {busy && <Spinner />}
                Decline Show
              </AlertDialog.Action>
            </DialogActions>
          </AlertDialogShell.Panel>
        </AlertDialog.Root>
      </div>
    </div>
  );
}
