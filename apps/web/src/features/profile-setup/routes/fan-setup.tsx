import { useProfile } from '@/api/profile';
import { FanSetupForm } from '../components/fan-setup-form';
import { SetupPage } from '../components/setup-page';
import type { SetupRouteProps } from '../utils/use-setup-save';

/** /profile/fan-setup (spec "Fan profile setup"); shows the saved profile when opened again. */
export function FanSetupRoute(props: SetupRouteProps) {
  const { data, isPending, isError } = useProfile('fan');
  return (
    <SetupPage
      title="Complete Your Profile"
      intro="Tell us about yourself so we can alert you to shows you will love."
      loading={isPending}
      loadFailed={isError}
    >
      <FanSetupForm profile={data?.profile ?? null} {...props} />
    </SetupPage>
  );
}
