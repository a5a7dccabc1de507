import type { TArtistAlert } from '@encore/contract';
import { Bell, BellOff, Pencil } from 'lucide-react';
import { toast } from 'sonner';
import { useRemoveAlert } from '@/api/artist-alerts';
import { AlertChannelChips } from '@/components/alerts/alert-channel-chips';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { reportRequestError } from '@/lib/report-request-error';
import { ArtistAlertDialog } from './artist-alert-dialog';

export interface ArtistAlertControlsProps {
  artistId: string;
  artistName: string;
  alert: TArtistAlert | null;
  /** After a save or a removal, so the page can refetch. */
  onChange: () => void;
}

/** An artist page's alert area: 'Set Alert', or the alert's channels with 'Edit Alert' / 'Remove Alert'. */
export function ArtistAlertControls({
  artistId,
  artistName,
  alert,
  onChange,
}: ArtistAlertControlsProps) {
  const remove = useRemoveAlert(artistId);
  if (!alert) {
    return (
      <ArtistAlertDialog
        artistId={artistId}
        artistName={artistName}
        onSaved={onChange}
        trigger={
          <Button>
            <Bell aria-hidden className="size-4" />
            Set Alert
          </Button>
        }
      />
    );
  }
  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(`${artistName} alert removed`);
        onChange();
      },
      onError: (error) => reportRequestError(error, { title: 'Could not remove the alert' }),
    });
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line bg-surface/90 p-4">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Bell aria-hidden className="size-4 text-accent" />
        <span className="font-semibold">Alert on</span>
        <span className="sr-only">, via</span>
        <AlertChannelChips channels={alert.channels} />
      </p>
      <div className="flex flex-wrap gap-2">
        <ArtistAlertDialog
          artistId={artistId}
          artistName={artistName}
          initialChannels={alert.channels}
          onSaved={onChange}
          trigger={
            <Button variant="secondary" size="sm">
              <Pencil aria-hidden className="size-4" />
              Edit Alert
            </Button>
          }
        />
        <Button variant="secondary" size="sm" disabled={remove.isPending} onClick={onRemove}>
          {remove.isPending ? <Spinner /> : <BellOff aria-hidden className="size-4" />}
          Remove Alert
        </Button>
      </div>
    </div>
  );
}
