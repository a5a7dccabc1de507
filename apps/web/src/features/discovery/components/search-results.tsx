import { DISCOVERY_LABELS as L } from '@encore/contract';
import { LoadError } from '@/components/page-states';
import { useArtistSearch } from '../api/search-artists';
import type { RenderAlert } from './alert-slot';
import { ArtistCard } from './artist-card';
import { ArtistGrid, ArtistGridSkeleton } from './artist-grid';
import { NoArtists } from './no-artists';

/** 'Search Results' for a settled query: cards, the spec's empty state, or why it failed. */
export function SearchResults({
  query,
  renderAlert,
}: {
  query: string;
  renderAlert?: RenderAlert;
}) {
  const search = useArtistSearch(query);
  if (search.isPending) return <ArtistGridSkeleton what="search results" />;
  if (search.isError && !search.data) {
    return (
      <LoadError what="search results" error={search.error} retry={() => void search.refetch()} />
    );
  }
  const { results } = search.data;
  if (results.length === 0) return <NoArtists />;
  return (
    <ArtistGrid>
      {results.map((artist) => (
        <li key={artist.id}>
          <ArtistCard artist={artist} renderAlert={renderAlert} />
        </li>
      ))}
    </ArtistGrid>
  );
}

/** What a screen reader hears after each search: how many were found. */
export function resultsAnnouncement(count: number): string {
  if (count === 0) return L.noArtists;
  return count === 1 ? '1 artist found' : `${count} artists found`;
}
