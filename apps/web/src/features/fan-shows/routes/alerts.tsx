import { BellRing, Compass, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, ListSkeleton, LoadError } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAlertFeed } from '../api/get-alert-feed';
import { AlertCard } from '../components/alert-card';

/** Spec "Alerts" ('Your Alerts'): shows of watched artists and favourite genres near home. */
export function AlertsRoute() {
  const feed = useAlertFeed();
  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="flex flex-col gap-6">
      <PageTitle title="Your Alerts" />
      <h1 className="font-display text-3xl font-bold tracking-tight">Your Alerts</h1>
      {feed.isPending && <ListSkeleton what="your alerts" />}
      {feed.isError && !feed.data && (
        <LoadError what="your alerts" error={feed.error} retry={() => void feed.refetch()} />
      )}
      {feed.isSuccess && items.length === 0 && (
        <EmptyState
          icon={BellRing}
          title="No upcoming shows to show yet"
          actions={
            <>
              <Link to={paths.fan.discovery.href()} className={buttonClasses()}>
                <Compass aria-hidden className="size-4" />
                Discover Artists
              </Link>
              <Link
                to={paths.fan.settings.href()}
                className={buttonClasses({ variant: 'secondary' })}
              >
                <Settings aria-hidden className="size-4" />
                Change radius or genres
              </Link>
            </>
          }
        >
          <p>
            This page lists upcoming shows of the artists you watch, wherever they play, and shows
            of your favourite genres within your radius of home. Watch an artist or widen your
            radius and they will appear here.
          </p>
        </EmptyState>
      )}
      {items.length > 0 && (
        <ul className="flex flex-col gap-4">
          {items.map((item) => (
            <li key={item.show.id}>
              <AlertCard item={item} />
            </li>
          ))}
        </ul>
      )}
      {feed.isFetchNextPageError && (
        <p role="alert" className="text-danger">
          We could not load more alerts. {feed.error?.message}
        </p>
      )}
      {feed.hasNextPage && (
        <Button
          variant="secondary"
          className="self-center"
          disabled={feed.isFetchingNextPage}
          onClick={() => void feed.fetchNextPage()}
        >
          {feed.isFetchingNextPage && <Spinner className="size-4" />}
          Load more
        </Button>
      )}
    </div>
  );
}
