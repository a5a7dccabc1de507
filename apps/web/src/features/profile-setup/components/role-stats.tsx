import { useStats } from '@/api/stats';
import { formatCount, formatMoney, StatsCard } from './stats-card';

/** 'Your Stats' on the fan setup screen. */
export function FanStats() {
  const { data, isError } = useStats('fan');
  const items = data && [
    { label: 'Shows Attended', value: formatCount(data.showsAttended) },
    { label: 'Going To', value: formatCount(data.showsGoingTo) },
    { label: 'Watching', value: formatCount(data.showsWatching) },
    { label: 'Alerts Set', value: formatCount(data.alertsSet) },
  ];
  return <StatsCard title="Your Stats" items={items} count={4} isError={isError} />;
}

/** The performer's stats card (spec: Total Followers, Shows Played, Upcoming Shows, Alert Activations). */
export function PerformerStats() {
  const { data, isError } = useStats('performer');
  const items = data && [
    { label: 'Total Followers', value: formatCount(data.totalFollowers) },
    { label: 'Shows Played', value: formatCount(data.showsPlayed) },
    { label: 'Upcoming Shows', value: formatCount(data.upcomingShows) },
    { label: 'Alert Activations', value: formatCount(data.alertActivations) },
  ];
  return <StatsCard title="Your Stats" items={items} count={4} isError={isError} />;
}

/** 'Venue Stats' (spec: Events Hosted, Total Attendance, Avg Attendance, 30-Day Revenue). */
export function VenueStats() {
  const { data, isError } = useStats('venue');
  const items = data && [
    { label: 'Events Hosted', value: formatCount(data.eventsHosted) },
    { label: 'Total Attendance', value: formatCount(data.totalAttendance) },
    { label: 'Avg Attendance', value: formatCount(Math.round(data.averageAttendance)) },
    { label: '30-Day Revenue', value: formatMoney(data.revenue30Days) },
  ];
  return <StatsCard title="Venue Stats" items={items} count={4} isError={isError} />;
}
