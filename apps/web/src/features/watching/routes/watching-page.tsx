import type { TArtistAlert } from '@encore/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { useWatching, watchingQueryKey } from '../api/get-watching';
import { type RenderEditChannels, WatchedAlertCard } from '../components/watched-alert-card';
import { WatchingEmpty } from '../components/watching-empty';
import { WatchingTiles } from '../components/watching-tiles';

interface WatchingPageProps {
  /** The alert dialog behind each row's 'Edit channels' (composed in app/); none: no button. */
  renderEditChannels?: RenderEditChannels;
}

/** /watching ('Watching'): the fan's artist alerts, with counts by channel. */
export function WatchingPageRoute({ renderEditChannels }: WatchingPageProps) {
  const query = useWatching();
  const queryClient = useQueryClient();
  const onEdited = (saved: TArtistAlert) => {
    queryClient.setQueryData<{ alerts: TArtistAlert[] }>(watchingQueryKey, (old) =>
      old
        ? { alerts: old.alerts.map((a) => (a.performerId === saved.performerId ? saved : a)) }
        : old,
    );
    // The artist page shows the same alert: refetch it when next opened.
    void queryClient.invalidateQueries({ refetchType: 'none' });
  };
  const alerts = query.data?.alerts ?? [];

  return (
    <div className="flex flex-col gap-6">
      <PageTitle title="Watching" />
      <div className="flex flex-col gap-1">
        <h1 className="font-display text-3xl font-bold tracking-tight">Watching</h1>
        <p className="text-fg-muted">
          Artists you get alerts for: new shows, ticket sales and changes.
        </p>
      </div>
      {query.isPending && <WatchingSkeleton />}
      {query.isError && (
        <div role="alert" className="flex flex-col items-start gap-3 text-danger">
          <p className="flex items-start gap-2">
            <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
            <span>We could not load your alerts. {query.error.message}</span>
          </p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {query.isSuccess && (
        <>
          <WatchingTiles alerts={alerts} />
          {alerts.length === 0 ? (
            <WatchingEmpty />
          ) : (
            <section aria-labelledby="watching-list-title" className="flex flex-col gap-3">
              <h2 id="watching-list-title" className="font-display text-xl font-semibold">
                Active alerts
              </h2>
              <ul className="flex flex-col gap-3">
                {alerts.map((alert) => (
                  <li key={alert.performerId}>
                    <WatchedAlertCard
                      alert={alert}
                      renderEditChannels={renderEditChannels}
                      onEdited={onEdited}
                    />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}

function WatchingSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading your alerts"
      className="flex animate-pulse flex-col gap-3 motion-reduce:animate-none"
    >
      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        <div className="h-20 rounded-2xl bg-surface-raised" />
        <div className="h-20 rounded-2xl bg-surface-raised" />
        <div className="h-20 rounded-2xl bg-surface-raised" />
      </div>
      <div className="h-24 rounded-2xl bg-surface-raised" />
      <div className="h-24 rounded-2xl bg-surface-raised" />
    </div>
  );
}
