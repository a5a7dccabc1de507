import { CalendarDays, History, MapPin, Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, ListSkeleton, LoadError } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { ShowCard } from '@/components/shows/show-card';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useFanHome } from '../api/get-fan-home';
import { useShowsAttended } from '../api/get-shows-attended';
import { DidYouGo } from '../components/did-you-go';
import { StatTile } from '../components/stat-tile';

/** Spec "Other fan pages": the fan's history with Total Shows, Venues and This Year. */
export function ShowsAttendedRoute() {
  const query = useShowsAttended();
  // The prompts are a bonus on this page: if they fail to load, the history still shows.
  const home = useFanHome();
  const shows = query.data?.shows ?? [];
  return (
    <div className="flex flex-col gap-6">
      <PageTitle title="Shows Attended" />
      <h1 className="font-display text-3xl font-bold tracking-tight">Shows Attended</h1>
      <DidYouGo items={home.data?.toConfirm ?? []} />
      {query.isPending && <ListSkeleton what="your history" />}
      {query.isError && (
        <LoadError what="your history" error={query.error} retry={() => void query.refetch()} />
      )}
      {query.isSuccess && (
        <ul aria-label="Totals" className="grid grid-cols-3 gap-3">
          <li>
            <StatTile label="Total Shows" value={query.data.totals.totalShows} icon={Ticket} />
          </li>
          <li>
            <StatTile label="Venues" value={query.data.totals.venues} icon={MapPin} />
          </li>
          <li>
            <StatTile label="This Year" value={query.data.totals.thisYear} icon={CalendarDays} />
          </li>
        </ul>
      )}
      {query.isSuccess && shows.length === 0 && (
        <EmptyState
          icon={History}
          title="No shows attended yet"
          actions={
            <Link to={paths.fan.alerts.href()} className={buttonClasses()}>
              See your alerts
            </Link>
          }
        >
          <p>
            After a show you were going to, answer “Did you go?” here or on your dashboard, or mark
            it Attended on the show page, and it joins your history.
          </p>
        </EmptyState>
      )}
      {shows.length > 0 && (
        <section aria-labelledby="attended-history" className="flex flex-col gap-3">
          <h2 id="attended-history" className="font-display text-xl font-semibold">
            History
          </h2>
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {shows.map(({ show }) => (
              <li key={show.id}>
                <ShowCard show={show} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
