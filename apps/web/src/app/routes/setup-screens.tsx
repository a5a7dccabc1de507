import type { TSessionResponse } from '@encore/contract';
import { useQueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '@/features/auth/api/get-session';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { FanSetupRoute } from '@/features/profile-setup/routes/fan-setup';
import { PerformerSetupRoute } from '@/features/profile-setup/routes/performer-setup';
import { VenueSetupRoute } from '@/features/profile-setup/routes/venue-setup';

/**
 * Composes the setup screens with the session: the account's email prefills the form, and a
 * saved profile flips profileComplete in the cached session so the guards route to the dashboard.
 */
function useSetupProps() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const onProfileComplete = () =>
    queryClient.setQueryData<TSessionResponse>(sessionQueryKey, (old) =>
      old?.user ? { user: { ...old.user, profileComplete: true } } : old,
    );
  return { accountEmail: user?.email ?? '', onProfileComplete };
}

export function FanSetupScreen() {
  return <FanSetupRoute {...useSetupProps()} />;
}

export function PerformerSetupScreen() {
  return <PerformerSetupRoute {...useSetupProps()} />;
}

export function VenueSetupScreen() {
  return <VenueSetupRoute {...useSetupProps()} />;
}
