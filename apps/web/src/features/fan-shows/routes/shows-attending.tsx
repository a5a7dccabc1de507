import { CalendarCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState, ListSkeleton, LoadError } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useShowsAttending } from '../api/get-shows-attending';
import { AttendingRow } from '../components/attending-row';

interface ShowsAttendingProps {
  /** Rendered under the heading; app/ puts the calendar feed card here. */
  aside?: ReactNode;
}

/** Spec "Other fan pages": the upcoming shows the fan is going to, soonest first. */
export function ShowsAttendingRoute({ aside }: ShowsAttendingProps) {
  const query = useShowsAttending();
  const shows = query.data?.shows ?? [];
  return (
    <div className="flex flex-col gap-6">
      <PageTitle title="Shows Attending" />
      <h1 className="font-display text-3xl font-bold tracking-tight">Shows Attending</h1>
      {aside}
      {query.isPending && <ListSkeleton what="your shows" />}
      {query.isError && (
        <LoadError what="your shows" error={query.error} retry={() => void query.refetch()} />
      )}
      {query.isSuccess && shows.length === 0 && (
        <EmptyState
          icon={CalendarCheck}
          title="No shows planned yet"
          actions={
            <Link to={paths.fan.alerts.href()} className={buttonClasses()}>
              See your alerts
            </Link>
          }
        >
          <p>Mark a show as Going from your alerts or any show page and it will be listed here.</p>
        </EmptyState>
      )}
      {shows.length > 0 && (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {shows.map((item) => (
            <li key={item.show.id}>
              <AttendingRow item={item} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
