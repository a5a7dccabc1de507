import { useProfile } from '@/api/profile';
import { SetupPage } from '../components/setup-page';
import { VenueSetupForm } from '../components/venue-setup-form';
import type { SetupRouteProps } from '../utils/use-setup-save';

/** /profile/venue-setup (spec "Venue profile setup"); shows the saved profile again. */
export function VenueSetupRoute(props: SetupRouteProps) {
  const { data, isPending, isError } = useProfile('venue');
  return (
    <SetupPage
      title="Complete Your Venue Profile"
      intro="Help performers and fans find your venue and book shows."
      loading={isPending}
      loadFailed={isError}
    >
      <VenueSetupForm profile={data?.profile ?? null} {...props} />
    </SetupPage>
  );
}
