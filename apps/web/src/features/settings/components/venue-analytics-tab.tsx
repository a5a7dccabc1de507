import type { TVenueProfile } from '@encore/contract';
import { AnalyticsSection } from './analytics-section';
import { formatCount, formatDate, formatMoney } from './stat-list';

/** Figures from GET /api/stats/venue; days open and show time from the saved profile. */
export function VenueAnalyticsTab({ profile }: { profile: TVenueProfile }) {
  return (
    <AnalyticsSection
      statsOf="venue"
      items={(stats) => [
        { label: 'Events Hosted', value: formatCount(stats.eventsHosted) },
        { label: 'Total Attendance', value: formatCount(stats.totalAttendance) },
        { label: 'Average Attendance', value: formatCount(Math.round(stats.averageAttendance)) },
        { label: '30-Day Revenue', value: formatMoney(stats.revenue30Days) },
        { label: 'Days Open', value: profile.operatingDays.join(', ') },
        { label: 'Typical Show Start Time', value: formatTime(profile.typicalShowTime) },
        { label: 'Member Since', value: formatDate(stats.memberSince) },
      ]}
    />
  );
}

/** '20:00' → '8:00 PM'. */
function formatTime(value: string): string {
  const [hours = 0, minutes = 0] = value.split(':').map(Number);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}
