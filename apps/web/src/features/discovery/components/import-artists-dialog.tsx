import {
  ALERT_CHANNEL_LABELS,
  ALERT_MESSAGES,
  SPOTIFY_MESSAGES as M,
  type TAlertChannel,
} from '@encore/contract';
import { Download } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { CheckboxField } from '@/components/form/checkbox-field';
import { LoadError } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { DialogShell, DialogTitleWithClose } from '@/components/ui/dialog-shell';
import { Spinner } from '@/components/ui/spinner';
import { reportRequestError } from '@/lib/report-request-error';
import { useSpotifyImport } from '../api/get-spotify-import';
import { useImportSpotifyArtists } from '../api/import-spotify-artists';
import { useSpotifyReconnectNotice } from '../hooks/use-spotify-reconnect-notice';
import { ImportChoices } from './import-choices';

/** Push and email need nothing more; SMS needs a verified phone, set per artist afterwards. */
const IMPORT_CHANNELS = ['push', 'email'] as const satisfies readonly TAlertChannel[];

const artistsWord = (n: number) => (n === 1 ? '1 artist' : `${n} artists`);

/**
 * 'Import my artists': the fan's followed and top Spotify artists that are on Encore, ticked
 * unless already watched, and the channels to alert them by. One request sets them all.
 */
export function ImportArtistsDialog({ connection }: { connection: string }) {
  const [open, setOpen] = useState(false);
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [channels, setChannels] = useState<TAlertChannel[]>([...IMPORT_CHANNELS]);
  const [error, setError] = useState<string | null>(null);
  const offer = useSpotifyImport(connection, open);
  const save = useImportSpotifyArtists();
  useSpotifyReconnectNotice(offer.error);

  const fresh = (offer.data?.matches ?? []).filter((m) => m.artist.alertChannels === null);
  const chosen = fresh.filter((m) => !unticked.has(m.artist.id)).map((m) => m.artist.id);

  const onOpenChange = (next: boolean) => {
    setUnticked(new Set());
    setChannels([...IMPORT_CHANNELS]);
    setError(null);
    setOpen(next);
  };
  const toggleArtist = (id: string, on: boolean) =>
    setUnticked((old) => {
      const next = new Set(old);
      if (on) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleChannel = (channel: TAlertChannel, on: boolean) =>
    setChannels((old) => IMPORT_CHANNELS.filter((c) => (c === channel ? on : old.includes(c))));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (channels.length === 0) return setError(ALERT_MESSAGES.selectChannel);
    setError(null);
    save.mutate(
      { performerIds: chosen, channels },
      {
        onSuccess: ({ added }) => {
          const via = channels.map((c) => ALERT_CHANNEL_LABELS[c]).join(', ');
          toast.success(`Watching ${artistsWord(added)} from Spotify`, {
            description: `Alerts via ${via}`,
          });
          setOpen(false);
        },
        onError: (failure) =>
          reportRequestError(failure, {
            title: 'Could not import your artists',
            fields: { names: ['channels'] as const, set: (_field, message) => setError(message) },
            show: setError,
          }),
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" size="sm" className="w-full sm:w-auto">
          <Download aria-hidden className="size-4" />
          {M.importArtists}
        </Button>
      </Dialog.Trigger>
      <DialogShell.Panel size="lg" scrollable>
        <DialogTitleWithClose>{M.importArtists}</DialogTitleWithClose>
        <DialogShell.Description>
          Set alerts for the artists you follow and listen to most on Spotify, when they are on
          Encore.
        </DialogShell.Description>
        {offer.isPending ? (
          <p role="status" className="flex items-center gap-2 text-fg-muted">
            <Spinner /> Reading your Spotify…
          </p>
        ) : offer.isError ? (
          <LoadError
            what="your Spotify artists"
            error={offer.error}
            retry={() => void offer.refetch()}
          />
        ) : (
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            <ImportChoices
              offer={offer.data}
              isChosen={(id) => !unticked.has(id)}
              onToggle={toggleArtist}
            />
            {fresh.length > 0 && (
              <fieldset className="flex flex-col gap-3">
                <legend className="mb-2 text-sm font-semibold">Alert channels</legend>
                {IMPORT_CHANNELS.map((channel) => (
                  <CheckboxField
                    key={channel}
                    label={ALERT_CHANNEL_LABELS[channel]}
                    checked={channels.includes(channel)}
                    onChange={(e) => toggleChannel(channel, e.currentTarget.checked)}
                  />
                ))}
                <p className="text-sm text-fg-muted">
                  SMS can be added for each artist afterwards.
                </p>
              </fieldset>
            )}
            {error && (
              <p role="alert" className="text-sm font-medium text-danger">
                {error}
              </p>
            )}
            {fresh.length > 0 && (
              <Button type="submit" disabled={save.isPending || chosen.length === 0}>
                {save.isPending && <Spinner />}
                Watch {artistsWord(chosen.length)}
              </Button>
            )}
          </form>
        )}
      </DialogShell.Panel>
    </Dialog.Root>
  );
}
