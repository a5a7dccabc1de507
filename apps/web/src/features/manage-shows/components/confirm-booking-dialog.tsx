import { BOOKING_MESSAGES, type TBookingRequest } from '@encore/contract';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { useConfirmBookingRequest } from '@/api/booking-requests';
import { useProfile } from '@/api/profile';
import { Button, buttonClasses } from '@/components/ui/button';
import { DialogActions, DialogShell } from '@/components/ui/dialog-shell';
import { Spinner } from '@/components/ui/spinner';
import { reportRequestError } from '@/lib/report-request-error';
import { formatBookingDate } from '../utils/booking-requests';
import {
  CONFIRM_FIELDS,
  type ConfirmBookingDraft,
  type ConfirmErrors,
  confirmDraft,
  genreChoices,
  parseConfirmDraft,
} from '../utils/confirm-booking-form';
import { ConfirmBookingFields } from './confirm-booking-fields';

/**
 * 'Confirm as show' (venue, a held date): the show's time, genre, tickets and prices, checked
 * with the contract's ZBookingConfirm before POST .../confirm. The show is created confirmed.
 */
export function ConfirmBookingDialog({ request }: { request: TBookingRequest }) {
  // The venue's typical start time seeds the form; the profile is usually cached already.
  const profile = useProfile('venue');
  const typicalShowTime = profile.data?.profile?.typicalShowTime;
  const fresh = () => confirmDraft(typicalShowTime, request.performerGenres);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ConfirmBookingDraft>(fresh);
  const [errors, setErrors] = useState<ConfirmErrors>({});
  const confirm = useConfirmBookingRequest();

  const onOpenChange = (next: boolean) => {
    // Each opening starts from the defaults: a dismissed draft is not a decision.
    if (next) setDraft(fresh());
    setErrors({});
    setOpen(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseConfirmDraft(draft);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    confirm.mutate(
      { id: request.id, show: parsed.show },
      {
        onSuccess: () => {
          toast.success(BOOKING_MESSAGES.confirmed);
          setOpen(false);
        },
        onError: (failure) =>
          reportRequestError(failure, {
            title: 'Could not confirm the show',
            fields: {
              names: CONFIRM_FIELDS,
              set: (field, message) => setErrors((e) => ({ ...e, [field]: message })),
            },
          }),
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger className={buttonClasses({ size: 'sm' })}>Confirm as show</Dialog.Trigger>
      <DialogShell.Panel scrollable>
        <DialogShell.Title>Confirm as show</DialogShell.Title>
        <DialogShell.Description>
          {request.performerName} at {request.venueName} on {formatBookingDate(request.date)}. Fans
          are told once it is confirmed.
        </DialogShell.Description>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <ConfirmBookingFields
            draft={draft}
            errors={errors}
            genres={genreChoices(request.performerGenres)}
            onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
          />
          <DialogActions>
            <Dialog.Close className={buttonClasses({ variant: 'secondary' })}>Cancel</Dialog.Close>
            <Button type="submit" disabled={confirm.isPending}>
              {confirm.isPending && <Spinner />}
              Confirm Show
            </Button>
          </DialogActions>
        </form>
      </DialogShell.Panel>
    </Dialog.Root>
  );
}
