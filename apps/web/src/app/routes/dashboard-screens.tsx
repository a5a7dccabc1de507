import { paths } from '@/config/paths';
import { ArtistMessagesCard } from '@/features/artist-messages/components/artist-messages-card';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { PerformerDashboardRoute } from '@/features/performer-dashboard/routes/performer-dashboard';
import { TourPlannerCard } from '@/features/tour-planner/components/tour-planner-card';
import { VenueDashboardRoute } from '@/features/venue-dashboard/routes/venue-dashboard';

/**
 * The performer and venue dashboards with what they need from the session: the performer's public
 * page (artists are listed by their user id) and the venue account's name for its CSV file. The
 * performer's gets the tour-planning assistant and artist messages cards between its figures and
 * its lists.
 * Their own chunk: recharts loads with these two pages only, never with the landing page.
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

export function VenueDashboardScreen() {
  const { user } = useAuth();
  return user && <VenueDashboardRoute venueLabel={user.username} />;
}
