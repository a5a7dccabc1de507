import { SHOW_MESSAGES } from '@encore/contract';
import { CircleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useMyShows } from '../api/get-my-shows';
import type { ShowOwner } from '../components/announce-show-form';
import { EditShowForm } from '../components/edit-show-form';
import { ResultsForm } from '../components/results-form';
import { ShowListSkeleton } from '../components/show-list';
import { StatusBadge } from '../components/status-badge';
import { entersResults, formatShowTime, isUpcoming } from '../utils/format-show';
import { wasPlayed } from '../utils/past-show';
import { BackToShows } from './announce-show';

/**
 * 'Edit Show' (/my-shows/:id/edit): details and status; after the show, its results, for whoever
 * enters them (the Encore venue, or the performer at a venue not on Encore).
 */
export function EditShowRoute({ owner }: { owner: ShowOwner }) {
  const { id } = useParams();
  const query = useMyShows();
  const show = query.data?.shows.find((s) => s.id === id);
  const { hash } = useLocation();
  const loaded = Boolean(show);
  // 'Enter results' links to #results, which exists only once the show has loaded.
  useEffect(() => {
    if (loaded && hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [loaded, hash]);

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <PageTitle title="Edit Show" />
      <BackToShows />
      <h1 className="font-display text-3xl font-bold tracking-tight">Edit Show</h1>
      {query.isPending && <ShowListSkeleton />}
      {query.isError && (
        <div role="alert" className="flex flex-col items-start gap-3 text-danger">
          <p className="flex items-start gap-2">
            <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
            We could not load this show. {query.error.message}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {query.isSuccess && !show && (
        <p role="alert" className="text-fg-muted">
          This show is not one of yours, or it no longer exists.
        </p>
      )}
      {show && (
        <>
          <Card className="flex flex-col gap-1 p-5 sm:p-6">
            <div className="flex items-start justify-between gap-3">
              <p className="font-display text-lg font-semibold">
                {show.performer.name} at {show.venue.name}
              </p>
              <StatusBadge status={show.status} played={wasPlayed(show, isUpcoming(show))} />
            </div>
            <p className="text-sm text-fg-muted">
              {show.venue.city}, {show.venue.state} · {formatShowTime(show.startsAt, show.timeZone)}
            </p>
          </Card>
          {show.status === 'cancelled' ? (
            <p className="text-fg-muted">{SHOW_MESSAGES.cancelledShow}</p>
          ) : isUpcoming(show) ? (
            <EditShowForm show={show} />
          ) : entersResults(show, owner.role) ? (
            <ResultsForm
              showId={show.id}
              attendance={show.attendance}
              grossRevenue={show.grossRevenue}
              merchRevenue={show.merchRevenue}
              venueCapacity={show.venueCapacity}
            />
          ) : (
            <p className="text-fg-muted">
              This show has taken place; its venue enters the results.
            </p>
          )}
        </>
      )}
    </div>
  );
}
