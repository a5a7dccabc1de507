import { DiscoveryPageRoute } from '@/features/discovery/routes/discovery-page';
import { GenrePageRoute } from '@/features/discovery/routes/genre-page';
import { RecommendedPageRoute } from '@/features/discovery/routes/recommended-page';
import { renderArtistAlert } from './artist-alert-slot';

/** The discovery pages, with the alert activation dialog behind each artist's alert button. */
export function DiscoveryScreen() {
  return <DiscoveryPageRoute renderAlert={renderArtistAlert} />;
}

export function RecommendedScreen() {
  return <RecommendedPageRoute renderAlert={renderArtistAlert} />;
}

export function GenreScreen() {
  return <GenrePageRoute renderAlert={renderArtistAlert} />;
}
