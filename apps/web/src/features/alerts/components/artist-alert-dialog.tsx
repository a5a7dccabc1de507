import {
  ALERT_CHANNEL_LABELS,
  ALERT_CHANNELS,
  ALERT_MESSAGES,
  type TAlertChannel,
  type TArtistAlert,
} from '@encore/contract';
import { Dialog } from 'radix-ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { useSetAlert } from '@/api/artist-alerts';
import { useProfile } from '@/api/profile';
import { SmsNotActive } from '@/components/alerts/sms-not-active';
import { CheckboxField } from '@/components/form/checkbox-field';
import { Button } from '@/components/ui/button';
import { DialogShell, DialogTitleWithClose } from '@/components/ui/dialog-shell';
import { Spinner } from '@/components/ui/spinner';
import { reportRequestError } from '@/lib/report-request-error';

export interface ArtistAlertDialogProps {
  artistId: string;
  artistName: string;
  /** The button that opens the dialog (e.g. 'Set Alert'). */
  trigger: ReactNode;
  /** Channels ticked when it opens: the current alert's when editing, else none. */
  initialChannels?: readonly TAlertChannel[];
  onSaved?: (alert: TArtistAlert) => void;
}

/** Spec section 4: closed → open for an artist → closed after activation, channels reset. */
export function ArtistAlertDialog(props: ArtistAlertDialogProps) {
  const { artistId, artistName, trigger, initialChannels = [], onSaved } = props;
  const [open, setOpen] = useState(false);
  const [channels, setChannels] = useState<TAlertChannel[]>([]);
  const [error, setError] = useState<string | null>(null);
  const profile = useProfile('fan', { enabled: open });
  const save = useSetAlert(artistId);
  const fan = profile.data?.profile;
  const smsPossible = Boolean(fan?.phone && fan.smsOptIn);
  // SMS can be chosen now, but the alert match sends no text to a phone the fan has not verified.
  const smsWaitsForPhone = smsPossible && fan?.phoneVerified === false;

  const onOpenChange = (next: boolean) => {
    if (next) setChannels([...initialChannels]);
    setError(null);
    setOpen(next);
  };
  const toggle = (channel: TAlertChannel, on: boolean) =>
    setChannels((old) => ALERT_CHANNELS.filter((c) => (c === channel ? on : old.includes(c))));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (channels.length === 0) return setError(ALERT_MESSAGES.selectChannel);
    setError(null);
    save.mutate(
      { channels },
      {
        onSuccess: (alert) => {
          const labels = channels.map((c) => ALERT_CHANNEL_LABELS[c]);
          toast.success(ALERT_MESSAGES.activated(artistName, labels));
          setChannels([]);
          setOpen(false);
          onSaved?.(alert);
        },
        // The server refuses SMS it cannot send (fields.channels); the dialog owns that message.
        onError: (failure) =>
          reportRequestError(failure, {
            title: 'Could not save the alert',
            fields: { names: ['channels'] as const, set: (_field, message) => setError(message) },
            show: setError,
          }),
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <DialogShell.Panel scrollable>
        <DialogTitleWithClose>Set alert for {artistName}</DialogTitleWithClose>
        <DialogShell.Description>
          Choose how we tell you about new shows, ticket sales and changes.
        </DialogShell.Description>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-semibold">Alert channels</legend>
            {ALERT_CHANNELS.map((channel) => {
              const unavailable = channel === 'sms' && !smsPossible;
              return (
                <CheckboxField
                  key={channel}
                  label={ALERT_CHANNEL_LABELS[channel]}
                  checked={channels.includes(channel)}
                  disabled={unavailable}
                  description={
                    unavailable && !profile.isPending ? (
                      ALERT_MESSAGES.smsNeedsPhone
                    ) : channel === 'sms' && smsWaitsForPhone ? (
                      <SmsNotActive />
                    ) : undefined
                  }
                  onChange={(e) => toggle(channel, e.currentTarget.checked)}
                />
              );
            })}
          </fieldset>
          {error && (
            <p role="alert" className="text-sm font-medium text-danger">
              {error}
            </p>
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && <Spinner />}
            Activate Alert
          </Button>
        </form>
      </DialogShell.Panel>
    </Dialog.Root>
  );
}
