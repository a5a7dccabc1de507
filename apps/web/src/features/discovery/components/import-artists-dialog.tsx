import { SPOTIFY_MESSAGES as M } from '@encore/contract';
import { Download } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import {
  artistsWord,
  ImportChannels,
  submitImport,
  useImportChoice,
} from '@/components/alerts/artist-import';
import { LoadError } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { DialogShell, DialogTitleWithClose } from '@/components/ui/dialog-shell';
import { Spinner } from '@/components/ui/spinner';
import { useSpotifyImport } from '../api/get-spotify-import';
import { useImportSpotifyArtists } from '../api/import-spotify-artists';
import { useSpotifyReconnectNotice } from '../hooks/use-spotify-reconnect-notice';
import { ImportChoices } from './import-choices';

/**
 * 'Import my artists': the fan's followed and top Spotify artists that are on Encore, ticked
 * unless already watched, and the channels to alert them by. One request sets them all.
 */
export function ImportArtistsDialog({ connection }: { connection: string }) {
  const [open, setOpen] = useState(false);
  const { unticked, channels, toggleArtist, toggleChannel, reset } = useImportChoice();
  const [error, setError] = useState<string | null>(null);
  const offer = useSpotifyImport(connection, open);
  const save = useImportSpotifyArtists();
  useSpotifyReconnectNotice(offer.error);

  const fresh = (offer.data?.matches ?? []).filter((m) => m.artist.alertChannels === null);
  const chosen = fresh.filter((m) => !unticked.has(m.artist.id)).map((m) => m.artist.id);

  const onOpenChange = (next: boolean) => {
    reset();
    setError(null);
    setOpen(next);
  };
  const onSubmit = (event: FormEvent) =>
    submitImport(event, {
      from: 'Spotify',
      save,
      chosen,
      channels,
      fields: ['channels'],
      setError,
      onDone: () => setOpen(false),
    });

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
            {fresh.length > 0 && <ImportChannels channels={channels} onToggle={toggleChannel} />}
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
