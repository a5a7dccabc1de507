import { paths } from '@/config/paths';
import { ArtistMessagesCard } from '@/features/artist-messages/components/artist-messages-card';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { PerformerDashboardRoute } from '@/features/performer-dashboard/routes/performer-dashboard';
import { TourPlannerCard } from '@/features/tour-planner/components/tour-planner-card';

/**
 * The performer dashboard with what it needs from the session: the performer's public page
 * (artists are listed by their user id), and the tour-planning assistant and artist messages cards
 * between its figures and its lists. A chunk of its own (the venue's is another): recharts is not
 * in it, but loads when a chart comes near the screen (components/charts/chart-slot.tsx).
 */
export function PerformerDashboardScreen() {
  const { user } = useAuth();
  // RequireUser renders this only with a user; the check keeps the types honest.
  return (
    user && (
      <PerformerDashboardRoute
        profileHref={paths.artistPage.href(user.id)}
        planner={
          <>
            <TourPlannerCard />
            <ArtistMessagesCard />
          </>
        }
      />
    )
  );
}
