import { useSearchParams } from 'react-router';
import { ShowLists } from '@/components/dashboard/show-lists';
import { QueryStates } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { useVenueDashboard } from '../api/get-venue-dashboard';
import { AudienceFigures } from '../components/audience-figures';
import { GenreFigures } from '../components/genre-figures';
import { PeriodSelector } from '../components/period-selector';
import { RevenueFigures } from '../components/revenue-figures';
import { periodFromSearch } from '../utils/period';

interface VenueDashboardProps {
  /** Names the CSV download (app/ passes the venue account's name). */
  venueLabel: string;
}

/**
 * The venue dashboard: over the period in `?period=` (30, 90 or 365 days), shows by genre,
 * the audience, the revenue snapshot, and the show lists; each figure with how it is counted.
 */
export function VenueDashboardRoute({ venueLabel }: VenueDashboardProps) {
  const [search] = useSearchParams();
  const period = periodFromSearch(search);
  const dashboard = useVenueDashboard(period);
  return (
    <div className="flex flex-col gap-6">
      <PageTitle title="Venue Dashboard" />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="font-display text-3xl font-bold tracking-tight">Venue Dashboard</h1>
          <p className="text-fg-muted">Your shows and audience over the last {period} days.</p>
        </div>
        <PeriodSelector period={period} />
      </header>
      <QueryStates query={dashboard} what="your dashboard" rows={3} />
      {dashboard.isSuccess && (
        <div className="flex flex-col gap-6" aria-busy={dashboard.isPlaceholderData}>
          <GenreFigures data={dashboard.data} venueLabel={venueLabel} />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <RevenueFigures revenue={dashboard.data.revenue} />
          </div>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <AudienceFigures audience={dashboard.data.audience} period={dashboard.data.period} />
          </div>
          <ShowLists owner="venue" {...dashboard.data.shows} />
        </div>
      )}
    </div>
  );
}
