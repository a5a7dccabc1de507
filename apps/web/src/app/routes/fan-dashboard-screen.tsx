import { useAuth } from '@/features/auth/hooks/use-auth';
import { FanDashboardRoute } from '@/features/fan-shows/routes/dashboard';
import { FinishSetupCard } from '@/features/location/components/finish-setup-card';

/**
 * The fan's /dashboard, composed with the session and the setup card. A module of its own, apart
 * from the fan's other show pages (fan-shows-pages.tsx): its chunk is the first a fan downloads
 * and runs, and it carries no zod — the others check their answers with zod (on a slow phone).
 */
export function FanDashboardScreen() {
  const { user } = useAuth();
  // RequireUser renders this only with a user; the check keeps the types honest.
  return user && <FanDashboardRoute user={user} setupCard={<FinishSetupCard />} />;
}
