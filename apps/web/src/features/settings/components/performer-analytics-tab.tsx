import { AnalyticsSection } from './analytics-section';
import { formatCount, formatDate } from './stat-list';

/** Read-only figures from GET /api/stats/performer (zeros until shows exist). */
export function PerformerAnalyticsTab() {
  return (
    <AnalyticsSection
      statsOf="performer"
      items={(stats) => [
        { label: 'Total Followers', value: formatCount(stats.totalFollowers) },
        { label: 'Shows Played', value: formatCount(stats.showsPlayed) },
        { label: 'Upcoming Shows', value: formatCount(stats.upcomingShows) },
        { label: 'Alert Activations', value: formatCount(stats.alertActivations) },
        { label: 'Average Attendance', value: formatCount(Math.round(stats.averageAttendance)) },
        { label: 'Member Since', value: formatDate(stats.memberSince) },
      ]}
    />
  );
}
