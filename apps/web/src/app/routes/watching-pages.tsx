import { WatchingPageRoute } from '@/features/watching/routes/watching-page';
import { renderArtistAlert } from './artist-alert-slot';

/** /watching, with the alert activation dialog behind each row's 'Edit channels'. */
export function WatchingScreen() {
  return <WatchingPageRoute renderEditChannels={renderArtistAlert} />;
}
