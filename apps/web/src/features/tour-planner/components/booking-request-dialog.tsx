import { BOOKING_MESSAGES, type TTourVenue, ZBookingRequestInput } from '@encore/contract';
import { Send } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { useSendBookingRequest } from '@/api/booking-requests';
import { FormField } from '@/components/form/form-field';
import { SelectField } from '@/components/form/select-field';
import { Button, buttonClasses } from '@/components/ui/button';
import { DialogActions, DialogShell, DialogTitleWithClose } from '@/components/ui/dialog-shell';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { reportRequestError } from '@/lib/report-request-error';
import { formatNight } from '../utils/plan-format';

interface BookingRequestDialogProps {
  planId: string;
  venue: TTourVenue;
  /** The venue's nights on the route (usually one). */
  nights: readonly string[];
  outreachEmail: string;
}

type Errors = { date?: string; message?: string; form?: string };

/**
 * 'Send booking request': the night from the route and the outreach email as the message, which
 * the performer may edit. The venue gets it in My Shows and at its booking address.
 */
export function BookingRequestDialog({
  planId,
  venue,
  nights,
  outreachEmail,
}: BookingRequestDialogProps) {
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(nights[0] ?? '');
  const [message, setMessage] = useState(outreachEmail);
  const [errors, setErrors] = useState<Errors>({});
  const send = useSendBookingRequest();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZBookingRequestInput.safeParse({
      venueId: venue.venueId,
      date,
      message,
      planId,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field =
          issue.path[0] === 'date' ? 'date' : issue.path[0] === 'message' ? 'message' : 'form';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync(parsed.data);
      toast.success(BOOKING_MESSAGES.sent);
      setOpen(false);
    } catch (error) {
      reportRequestError(error, {
        title: 'Could not send the booking request',
        fields: {
          names: ['date', 'message'] as const,
          set: (field, text) => setErrors((e) => ({ ...e, [field]: text })),
        },
        show: (text) => setErrors((e) => ({ ...e, form: text })),
      });
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" size="sm" className="self-start">
          <Send aria-hidden className="size-4" />
          Send booking request
        </Button>
      </Dialog.Trigger>
      <DialogShell.Panel size="lg" scrollable aria-describedby={undefined}>
        <DialogTitleWithClose>Booking request to {venue.venueName}</DialogTitleWithClose>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
          {nights.length > 1 ? (
            <SelectField
              label="Night"
              options={nights.map((n) => ({ value: n, label: formatNight(n) }))}
              value={date}
              onChange={(e) => setDate(e.target.value)}
              error={errors.date}
            />
          ) : (
            <p>
              <span className="text-fg-muted">Night: </span>
              {formatNight(date)}
              {errors.date && <span className="block text-sm text-danger">{errors.date}</span>}
            </p>
          )}
          <FormField label="Message" error={errors.message}>
            {(control) => (
              <Textarea
                {...control}
                rows={10}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
              />
            )}
          </FormField>
          <div role="alert" className="text-sm text-danger">
            {errors.form}
          </div>
          <DialogActions>
            <Dialog.Close className={buttonClasses({ variant: 'secondary' })}>Cancel</Dialog.Close>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending && <Spinner />}
              Send
            </Button>
          </DialogActions>
        </form>
      </DialogShell.Panel>
    </Dialog.Root>
  );
}
