import { ArtistAlertDialog } from '@/features/alerts/components/artist-alert-dialog';
import { WatchingPageRoute } from '@/features/watching/routes/watching-page';

/** /watching, with the alert activation dialog behind each row's 'Edit channels'. */
export function WatchingScreen() {
  return (
    <WatchingPageRoute
      renderEditChannels={({ artistId, artistName, channels, trigger, onSaved }) => (
        <ArtistAlertDialog
          artistId={artistId}
          artistName={artistName}
          initialChannels={channels}
          trigger={trigger}
          onSaved={onSaved}
        />
      )}
    />
  );
}
