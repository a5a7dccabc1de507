import { CircleAlert } from 'lucide-react';
import { useId } from 'react';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { reportRequestError } from '@/lib/report-request-error';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkRead } from '../api/mark-read';
import { NotificationItem } from '../components/notification-item';
import { NotificationsEmpty } from '../components/notifications-empty';

/**
 * /notifications ('Notifications'): the fan's alerts, or a performer's or venue's show notices,
 * newest first. Live ones are put at the top of this list's cache by the bell's stream, so they
 * appear without a reload.
 */
export function NotificationsPageRoute({ fan = true }: { fan?: boolean }) {
  const query = useNotifications();
  const markRead = useMarkRead();
  // Each page of the list writes the count; the stream keeps it current after that.
  const unread = useUnreadCount(false).data ?? 0;
  // A failed 'Load more' puts the query in error but keeps the pages: keep showing them.
  const loaded = query.data !== undefined;
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const countId = useId();

  return (
    <div className="flex flex-col gap-6">
      <PageTitle title="Notifications" />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="font-display text-3xl font-bold tracking-tight">Notifications</h1>
          {loaded && (
            <p id={countId} className="text-fg-muted" aria-live="polite">
              {unread > 0 ? `${unread} unread` : 'All caught up'}
            </p>
          )}
        </div>
        {loaded && items.length > 0 && (
          <Button
            variant="secondary"
            size="sm"
            disabled={unread === 0 || markRead.isPending}
            // A disabled button says nothing of why: the count line ('All caught up') does.
            aria-describedby={countId}
            onClick={() =>
              markRead.mutate(
                { all: true },
                {
                  onError: (error) =>
                    reportRequestError(error, { title: 'Could not mark all as read' }),
                },
              )
            }
          >
            Mark all as read
          </Button>
        )}
      </div>

      {query.isPending && (
        <div role="status" aria-label="Loading your notifications" className="flex flex-col gap-3">
          {[0, 1, 2].map((n) => (
            <div
              key={n}
              className="h-24 animate-pulse rounded-2xl border border-line bg-surface motion-reduce:animate-none"
            />
          ))}
        </div>
      )}

      {query.isError && !loaded && (
        <div role="alert" className="flex flex-col items-start gap-3 text-danger">
          <p className="flex items-start gap-2">
            <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
            <span>We could not load your notifications. {query.error.message}</span>
          </p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      )}

      {loaded &&
        (items.length === 0 ? (
          <NotificationsEmpty fan={fan} />
        ) : (
          <>
            <ul aria-label={fan ? 'Alerts' : 'Notices'} className="flex flex-col gap-3">
              {items.map((notification) => (
                <li key={notification.id}>
                  <NotificationItem
                    notification={notification}
                    onOpen={(n) => {
                      if (n.readAt === null) markRead.mutate({ ids: [n.id] });
                    }}
                  />
                </li>
              ))}
            </ul>
            {query.hasNextPage && (
              <Button
                variant="secondary"
                className="self-center"
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            )}
            {query.isFetchNextPageError && (
              <p role="alert" className="text-center text-danger">
                We could not load more notifications. {query.error?.message}
              </p>
            )}
          </>
        ))}
    </div>
  );
}
