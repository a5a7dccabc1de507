import type { TNotification } from '@encore/contract';
import { Bell } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkRead } from '../api/mark-read';
import { useNotificationStream } from '../hooks/use-notification-stream';
import { badgeCount, bellLabel } from '../utils/format-notification';
import { notificationHref } from '../utils/notification-link';

/**
 * The header bell: a link to the notification centre with the unread count, kept live by the
 * notification stream (opened here, so once per tab while the signed-in frame is up).
 */
export function NotificationBell() {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const { mutate } = markRead;
  const openShow = useCallback(
    (notification: TNotification) => {
      mutate({ ids: [notification.id] });
      void navigate(notificationHref(notification));
    },
    [mutate, navigate],
  );
  useNotificationStream(true, openShow);
  const unread = useUnreadCount(true).data ?? 0;

  return (
    <Link
      to={paths.notifications.href()}
      aria-label={bellLabel(unread)}
      className={buttonClasses({
        variant: 'secondary',
        size: 'sm',
        className: 'relative shrink-0',
      })}
    >
      <Bell aria-hidden className="size-4" />
      {unread > 0 && (
        <span
          aria-hidden
          data-testid="notification-badge"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-bold text-on-accent"
        >
          {badgeCount(unread)}
        </span>
      )}
    </Link>
  );
}
