import type { TSpotifyImportCandidates } from '@encore/contract';
import { WatchingAlready } from '@/components/alerts/artist-import';
import { CheckboxField } from '@/components/form/checkbox-field';

const SOURCE_LABELS = { followed: 'You follow them', top: 'One of your top artists' } as const;

/** The artists offered for import: a tick each, or 'Watching' for those the fan already has. */
export function ImportChoices({
  offer,
  isChosen,
  onToggle,
}: {
  offer: TSpotifyImportCandidates;
  isChosen: (id: string) => boolean;
  onToggle: (id: string, on: boolean) => void;
}) {
  const { matches, spotifyArtists } = offer;
  if (matches.length === 0) {
    return (
      <p className="text-fg-muted">
        None of the {spotifyArtists} artists you follow or listen to most is on Encore yet.
      </p>
    );
  }
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-semibold">
        {matches.length} of your {spotifyArtists} Spotify artists{' '}
        {matches.length === 1 ? 'is' : 'are'} on Encore
      </legend>
      <ul className="flex flex-col gap-3">
        {matches.map(({ artist, sources }) => {
          const why = sources.map((s) => SOURCE_LABELS[s]).join(' · ');
          return (
            <li key={artist.id}>
              {artist.alertChannels === null ? (
                <CheckboxField
                  label={artist.name}
                  description={why}
                  checked={isChosen(artist.id)}
                  onChange={(e) => onToggle(artist.id, e.currentTarget.checked)}
                />
              ) : (
                <WatchingAlready name={artist.name} />
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
