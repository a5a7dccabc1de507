import { ArtistAlertDialog } from '@/features/alerts/components/artist-alert-dialog';
import type { RenderAlert } from '@/features/discovery/components/alert-slot';
import { DiscoveryPageRoute } from '@/features/discovery/routes/discovery-page';
import { GenrePageRoute } from '@/features/discovery/routes/genre-page';
import { RecommendedPageRoute } from '@/features/discovery/routes/recommended-page';

/** The alert activation dialog behind each artist's 'Set Alert' / 'Edit Alert'. */
const renderAlert: RenderAlert = ({ artistId, artistName, channels, trigger, onSaved }) => (
  <ArtistAlertDialog
    artistId={artistId}
    artistName={artistName}
    initialChannels={channels}
    trigger={trigger}
    onSaved={onSaved}
  />
);

export function DiscoveryScreen() {
  return <DiscoveryPageRoute renderAlert={renderAlert} />;
}

export function RecommendedScreen() {
  return <RecommendedPageRoute renderAlert={renderAlert} />;
}

export function GenreScreen() {
  return <GenrePageRoute renderAlert={renderAlert} />;
}
