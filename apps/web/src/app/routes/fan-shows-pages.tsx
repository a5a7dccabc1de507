import { useAuth } from '@/features/auth/hooks/use-auth';
import { CalendarFeedCard } from '@/features/calendar-feed/components/calendar-feed-card';
import { AlertsRoute } from '@/features/fan-shows/routes/alerts';
import { FanDashboardRoute } from '@/features/fan-shows/routes/dashboard';
import { ShowsAttendedRoute } from '@/features/fan-shows/routes/shows-attended';
import { ShowsAttendingRoute } from '@/features/fan-shows/routes/shows-attending';
import { FinishSetupCard } from '@/features/location/components/finish-setup-card';

/** Composes the fan's show pages with the session, the setup card and the calendar feed card. */
export function FanDashboardScreen() {
  const { user } = useAuth();
  // RequireUser renders this only with a user; the check keeps the types honest.
  return user && <FanDashboardRoute user={user} setupCard={<FinishSetupCard />} />;
}

export function AlertsScreen() {
  return <AlertsRoute />;
}

export function ShowsAttendingScreen() {
  return <ShowsAttendingRoute aside={<CalendarFeedCard />} />;
}

export function ShowsAttendedScreen() {
  return <ShowsAttendedRoute />;
}
