import { DISCOVERY_LABELS as L, type TGenreArtist } from '@encore/contract';
import { CalendarX } from 'lucide-react';
import { formatMiles } from '../utils/format-distance';
import type { RenderAlert } from './alert-slot';
import { ArtistCard } from './artist-card';
import { ArtistGrid } from './artist-grid';
import { ShowSummary } from './show-summary';

/** A genre's artists as Discovery cards, each with its show nearest the fan's home, if any. */
export function GenreArtistList({
  artists,
  renderAlert,
}: {
  artists: readonly TGenreArtist[];
  renderAlert?: RenderAlert;
}) {
  return (
    <ArtistGrid wide>
      {artists.map((artist) => (
        <li key={artist.id}>
          <ArtistCard artist={artist} renderAlert={renderAlert}>
            {artist.show ? (
              <ShowSummary
                show={artist.show}
                distance={
                  artist.distanceMiles === null
                    ? null
                    : `${formatMiles(artist.distanceMiles)} from home`
                }
              />
            ) : (
              <p className="flex items-center gap-2 text-sm text-fg-muted">
                <CalendarX aria-hidden className="size-4" />
                {L.noUpcomingShow}
              </p>
            )}
          </ArtistCard>
        </li>
      ))}
    </ArtistGrid>
  );
}
