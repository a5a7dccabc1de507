import { CalendarPlus, CircleAlert, Music } from 'lucide-react';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useMyShows } from '../api/get-my-shows';
import type { ShowOwner } from '../components/announce-show-form';
import { BookingRequestsSection } from '../components/booking-requests-section';
import { ImportShowsDialog } from '../components/import-shows-dialog';
import { ShowList, ShowListSkeleton } from '../components/show-list';
import { isUpcoming } from '../utils/format-show';
import { ownerConfirmation } from '../utils/show-confirmation';

const announceLink = buttonClasses({ className: 'w-full sm:w-auto' });

/**
 * 'Your Shows': booking requests (received by a venue, sent by a performer), shows another party
 * listed this owner for, waiting for its word (when there are any), then its upcoming (soonest
 * first) and past (latest first) shows. The requests load on their own: one failing does not
 * hide the other.
 */
export function MyShowsRoute({ owner }: { owner: ShowOwner }) {
  const query = useMyShows();
  const shows = query.data?.shows ?? [];
  const now = Date.now();
  const byStart = (a: { startsAt: string }, b: { startsAt: string }) =>
    Date.parse(a.startsAt) - Date.parse(b.startsAt);
  const asked = (s: (typeof shows)[number]) =>
    s.status !== 'cancelled' && ownerConfirmation(s, owner).kind === 'asked';
  const toConfirm = shows.filter(asked).sort(byStart);
  const rest = shows.filter((s) => !asked(s));
  const upcoming = rest.filter((s) => isUpcoming(s, now)).sort(byStart);
  const past = rest.filter((s) => !isUpcoming(s, now)).sort((a, b) => byStart(b, a));

  return (
    <div className="flex flex-col gap-6">
      <PageTitle title="Your Shows" />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="font-display text-3xl font-bold tracking-tight">Your Shows</h1>
        <div className="flex flex-col gap-2 sm:flex-row">
          <ImportShowsDialog />
          <Link to={paths.manageShows.announce.href()} className={announceLink}>
            <CalendarPlus aria-hidden className="size-5" />
            Announce a Show
          </Link>
        </div>
      </div>
      <BookingRequestsSection role={owner.role} />
      {query.isPending && <ShowListSkeleton />}
      {query.isError && (
        <div role="alert" className="flex flex-col items-start gap-3 text-danger">
          <p className="flex items-start gap-2">
            <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
            We could not load your shows. {query.error.message}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {query.isSuccess && shows.length === 0 && (
        <Card className="flex flex-col items-center gap-3 text-center">
          <Music aria-hidden className="size-10 text-accent" />
          <h2 className="font-display text-xl font-semibold">No shows yet</h2>
          <p className="text-fg-muted">
            Announce your first show and fans who follow you will hear about it.
          </p>
        </Card>
      )}
      {query.isSuccess && shows.length > 0 && (
        <>
          {toConfirm.length > 0 && (
            <ShowList
              title="Waiting for your confirmation"
              shows={toConfirm}
              upcoming
              owner={owner}
              empty=""
            />
          )}
          <ShowList
            title="Upcoming"
            shows={upcoming}
            upcoming
            owner={owner}
            empty="No upcoming shows."
          />
          <ShowList
            title="Past"
            shows={past}
            upcoming={false}
            owner={owner}
            empty="No past shows."
          />
        </>
      )}
    </div>
  );
}
