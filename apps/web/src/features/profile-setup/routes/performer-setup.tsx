import { useProfile } from '@/api/profile';
import { PerformerSetupForm } from '../components/performer-setup-form';
import { SetupPage } from '../components/setup-page';
import type { SetupRouteProps } from '../utils/use-setup-save';

/** /profile/performer-setup (spec "Performer profile setup"); shows the saved profile again. */
export function PerformerSetupRoute(props: SetupRouteProps) {
  const { data, isPending, isError } = useProfile('performer');
  return (
    <SetupPage
      title="Complete Your Artist Profile"
      intro="Fans get alerts when you announce shows near them. Fields marked * are required."
      loading={isPending}
      loadFailed={isError}
    >
      <PerformerSetupForm profile={data?.profile ?? null} {...props} />
    </SetupPage>
  );
}
