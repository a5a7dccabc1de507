import type { TRecommendedArtist } from '@encore/contract';
import type { RenderAlert } from './alert-slot';
import { ArtistCard } from './artist-card';
import { ArtistGrid } from './artist-grid';
import { RecommendedShow } from './recommended-show';

/** Recommended artists as cards, each with the show that recommends them. */
export function RecommendedList({
  artists,
  renderAlert,
}: {
  artists: readonly TRecommendedArtist[];
  renderAlert?: RenderAlert;
}) {
  return (
    <ArtistGrid wide>
      {artists.map((item) => (
        <li key={item.id}>
          <ArtistCard artist={item} renderAlert={renderAlert}>
            <RecommendedShow item={item} />
          </ArtistCard>
        </li>
      ))}
    </ArtistGrid>
  );
}
