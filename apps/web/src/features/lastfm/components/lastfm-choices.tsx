import type { TLastfmPreview } from '@encore/contract';
import { type FormEvent, useState } from 'react';
import {
  artistsWord,
  ImportChannels,
  submitImport,
  useImportChoice,
  WatchingAlready,
} from '@/components/alerts/artist-import';
import { CheckboxField } from '@/components/form/checkbox-field';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useImportLastfmArtists } from '../api/import-lastfm-artists';
import { AmbiguousChoice } from './ambiguous-choice';

const SOURCE_LABELS = { top: 'One of your top artists', loved: 'You loved their tracks' } as const;

/**
 * The preview: the Encore artists found, ticked unless already watched; the shared names to
 * choose between; the names not on Encore; the channels; one request sets them all.
 */
export function LastfmChoices({ offer, onDone }: { offer: TLastfmPreview; onDone: () => void }) {
  const { unticked, channels, toggleArtist, toggleChannel } = useImportChoice();
  const [picked, setPicked] = useState<Readonly<Record<string, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const save = useImportLastfmArtists();

  const fresh = offer.matches.filter((m) => m.artist.alertChannels === null);
  const chosen = [
    ...new Set([
      ...fresh.filter((m) => !unticked.has(m.artist.id)).map((m) => m.artist.id),
      ...Object.values(picked).filter(Boolean),
    ]),
  ];
  const offered = offer.matches.length + offer.ambiguous.length;

  const onSubmit = (event: FormEvent) =>
    submitImport(event, {
      from: 'Last.fm',
      save,
      chosen,
      channels,
      fields: ['channels', 'performerIds'],
      setError,
      onDone,
    });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p role="status" className="text-sm">
        {offered === 0
          ? `None of the ${offer.lastfmArtists} artists in ${offer.username}’s Last.fm is on Encore yet.`
          : `${offered} of ${offer.username}’s ${offer.lastfmArtists} Last.fm artists ${offered === 1 ? 'is' : 'are'} on Encore.`}
      </p>
      {offer.matches.length > 0 && (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold">Artists to watch</legend>
          <ul className="flex flex-col gap-3">
            {offer.matches.map(({ artist, sources }) => (
              <li key={artist.id}>
                {artist.alertChannels === null ? (
                  <CheckboxField
                    label={artist.name}
                    description={sources.map((s) => SOURCE_LABELS[s]).join(' · ')}
                    checked={!unticked.has(artist.id)}
                    onChange={(e) => toggleArtist(artist.id, e.currentTarget.checked)}
                  />
                ) : (
                  <WatchingAlready name={artist.name} />
                )}
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {offer.ambiguous.map((item) => (
        <AmbiguousChoice
          key={item.lastfmName}
          item={item}
          picked={picked[item.lastfmName] ?? ''}
          onPick={(id) => setPicked((old) => ({ ...old, [item.lastfmName]: id }))}
        />
      ))}
      {offer.unmatched.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-fg-muted">
            {artistsWord(offer.unmatched.length)} not on Encore yet
          </summary>
          <p className="mt-2 text-fg-muted">{offer.unmatched.join(', ')}</p>
        </details>
      )}
      {offered > 0 && <ImportChannels channels={channels} onToggle={toggleChannel} />}
      {error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        {offered > 0 && (
          <Button type="submit" disabled={save.isPending || chosen.length === 0}>
            {save.isPending && <Spinner />}
            Watch {artistsWord(chosen.length)}
          </Button>
        )}
        <Button type="button" variant="ghost" onClick={onDone} disabled={save.isPending}>
          Use another username
        </Button>
      </div>
    </form>
  );
}
