import { CalendarFeedCard } from '@/features/calendar-feed/components/calendar-feed-card';
import { AlertsRoute } from '@/features/fan-shows/routes/alerts';
import { ShowsAttendedRoute } from '@/features/fan-shows/routes/shows-attended';
import { ShowsAttendingRoute } from '@/features/fan-shows/routes/shows-attending';

/** The fan's show pages but the dashboard (fan-dashboard-screen.tsx), with the calendar feed card. */
export function AlertsScreen() {
  return <AlertsRoute />;
}

export function ShowsAttendingScreen() {
  return <ShowsAttendingRoute aside={<CalendarFeedCard />} />;
}

export function ShowsAttendedScreen() {
  return <ShowsAttendedRoute />;
}
