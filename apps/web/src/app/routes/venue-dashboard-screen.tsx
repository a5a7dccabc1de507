import { useAuth } from '@/features/auth/hooks/use-auth';
import { VenueDashboardRoute } from '@/features/venue-dashboard/routes/venue-dashboard';

/**
 * The venue dashboard with the venue account's name (for its CSV file). A chunk of its own, apart
 * from the performer's and its tour planner; recharts loads when a chart comes near the screen.
 */
export function VenueDashboardScreen() {
  const { user } = useAuth();
  // RequireUser renders this only with a user; the check keeps the types honest.
  return user && <VenueDashboardRoute venueLabel={user.username} />;
}
