import { useStats } from '@/api/stats';
import { LoadState } from './load-state';
import { SettingsSection } from './settings-section';
import { formatCount, formatDate, StatList } from './stat-list';

/** Read-only figures from GET /api/stats/performer (zeros until shows exist). */
export function PerformerAnalyticsTab() {
  const query = useStats('performer');
  const stats = query.data;
  return (
    <SettingsSection title="Analytics">
      {stats ? (
        <StatList
          items={[
            { label: 'Total Followers', value: formatCount(stats.totalFollowers) },
            { label: 'Shows Played', value: formatCount(stats.showsPlayed) },
            { label: 'Upcoming Shows', value: formatCount(stats.upcomingShows) },
            { label: 'Alert Activations', value: formatCount(stats.alertActivations) },
            {
              label: 'Average Attendance',
              value: formatCount(Math.round(stats.averageAttendance)),
            },
            { label: 'Member Since', value: formatDate(stats.memberSince) },
          ]}
        />
      ) : (
        <LoadState
          isPending={query.isPending}
          error={query.error}
          retry={() => void query.refetch()}
          what="your analytics"
        />
      )}
    </SettingsSection>
  );
}
