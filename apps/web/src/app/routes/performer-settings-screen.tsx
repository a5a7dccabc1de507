import { useAuth } from '@/features/auth/hooks/use-auth';
import { PerformerSettingsRoute } from '@/features/settings/routes/performer-settings';

/** /settings/performer, with the signed-in performer's id for the tour-dates widget's snippets. */
export function PerformerSettingsScreen() {
  const { user } = useAuth();
  return <PerformerSettingsRoute performerId={user?.id ?? null} />;
}
