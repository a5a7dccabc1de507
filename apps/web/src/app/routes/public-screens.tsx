import { ArtistAlertControls } from '@/features/alerts/components/artist-alert-controls';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { CityShowsPageRoute } from '@/features/city-shows/routes/city-shows-page';
import { ArtistPageRoute } from '@/features/shows-public/routes/artist-page';
import { ShowPageRoute } from '@/features/shows-public/routes/show-page';
import { VenuePageRoute } from '@/features/shows-public/routes/venue-page';
import type { Viewer } from '@/features/shows-public/utils/viewer';

/** Composes the public pages with the session (who is looking) and the alert dialog. */
function useViewer(): Viewer {
  const { user } = useAuth();
  return user ? { role: user.role } : null;
}

export function ShowScreen() {
  return <ShowPageRoute viewer={useViewer()} />;
}

export function ArtistScreen() {
  return (
    <ArtistPageRoute viewer={useViewer()} renderAlert={(p) => <ArtistAlertControls {...p} />} />
  );
}

export function VenueScreen() {
  return <VenuePageRoute />;
}

export function CityShowsScreen() {
  return <CityShowsPageRoute fan={useViewer()?.role === 'fan'} />;
}
