import type { TNotification } from '@encore/contract';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { timeAgo } from '../utils/format-notification';
import { isShowNotice, notificationHref } from '../utils/notification-link';

interface NotificationItemProps {
  notification: TNotification;
  /** Called as the fan opens the alert (the link then goes to the show). */
  onOpen: (notification: TNotification) => void;
}

/**
 * One alert or notice: the whole card links to the show (a notice: to 'Your Shows'); unread ones
 * carry a dot and say so to readers.
 */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const unread = notification.readAt === null;
  return (
    <Link
      to={notificationHref(notification)}
      onClick={() => onOpen(notification)}
      className={cn(
        'flex items-start gap-3 rounded-2xl border p-4 transition-colors hover:border-accent',
        unread ? 'border-line-strong bg-surface-raised' : 'border-line bg-surface',
      )}
    >
      <span
        aria-hidden
        className={cn(
          'mt-2 size-2.5 shrink-0 rounded-full',
          unread ? 'bg-accent' : 'bg-transparent',
        )}
      />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className={cn('text-fg', unread ? 'font-bold' : 'font-medium')}>
            {unread && <span className="sr-only">Unread: </span>}
            {notification.title}
          </span>
          <time dateTime={notification.createdAt} className="shrink-0 text-xs text-fg-muted">
            {timeAgo(notification.createdAt)}
          </time>
        </span>
        <span className="text-sm text-fg">{notification.body}</span>
        <span className="text-sm text-fg-muted">
          {isShowNotice(notification) ? notification.reason : `Why: ${notification.reason}`}
        </span>
      </span>
    </Link>
  );
}
