import type { TSpotifyArtist } from '@encore/contract';
import { useId } from 'react';
import { Face } from '@/components/shows/face';
import type { RenderAlert } from './alert-slot';
import { ArtistCard } from './artist-card';

/** Where the card says the artist comes from, and their Spotify genre ('Unknown' without one). */
function FromSpotify({ artist }: { artist: TSpotifyArtist }) {
  return (
    <p className="text-sm text-fg-muted">
      <span className="font-medium text-fg">Spotify</span> · {artist.genre}
    </p>
  );
}

/**
 * An artist from the fan's Spotify. The Encore artist it is gets the usual card (their page, On
 * Tour, the alert); one not on Encore yet has nothing to alert on, and says so.
 */
export function SpotifyArtistCard({
  artist,
  renderAlert,
}: {
  artist: TSpotifyArtist;
  renderAlert?: RenderAlert;
}) {
  const nameId = useId();
  const onEncore = artist.encoreArtist;
  if (onEncore) {
    return (
      <ArtistCard
        artist={{ ...onEncore, photoUrl: onEncore.photoUrl ?? artist.imageUrl }}
        renderAlert={renderAlert}
      >
        <FromSpotify artist={artist} />
      </ArtistCard>
    );
  }
  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full items-start gap-3 rounded-2xl border border-line bg-surface/60 p-4"
    >
      <Face name={artist.name} photoUrl={artist.imageUrl} decorative size="md" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 id={nameId} className="font-display text-lg font-semibold break-words">
          {artist.name}
        </h3>
        <FromSpotify artist={artist} />
        <p className="text-sm text-fg-muted">Not on Encore yet</p>
      </div>
    </article>
  );
}
