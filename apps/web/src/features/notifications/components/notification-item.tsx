import { ALERT_CHANNEL_LABELS, DIGEST_LABEL, type TNotification } from '@encore/contract';
import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import { Face } from '@/components/shows/face';
import { cn } from '@/lib/cn';
import { timeAgo } from '../utils/format-notification';
import { isAlert, notificationHref } from '../utils/notification-link';
import { ArtistMessageMenu } from './artist-message-menu';
import { InviteAnswer } from './invite-answer';

interface NotificationItemProps {
  notification: TNotification;
  /** Called as the fan opens the alert (the link then goes to the show). */
  onOpen: (notification: TNotification) => void;
}

/**
 * One alert or notice: the card's text links to where it leads (notificationHref); unread ones
 * carry a dot and say so to readers. A Show Pals notice shows the fan who sent it, and an invite
 * its Going / Not this time buttons below the link (a button may not sit inside a link). An alert
 * whose email, text or push waits for the fan's daily digest says so, and on which channels.
 */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const unread = notification.readAt === null;
  const { fan } = notification;
  return (
    <div
      className={cn(
        'flex flex-col gap-3 rounded-2xl border p-4 transition-colors has-[a:hover]:border-accent',
        unread ? 'border-line-strong bg-surface-raised' : 'border-line bg-surface',
      )}
    >
      <Link
        to={notificationHref(notification)}
        onClick={() => onOpen(notification)}
        className="flex items-start gap-3"
      >
        <span
          aria-hidden
          className={cn(
            'mt-2 size-2.5 shrink-0 rounded-full',
            unread ? 'bg-accent' : 'bg-transparent',
          )}
        />
        {fan && <Face name={fan.name} photoUrl={fan.photoUrl} decorative />}
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
          <span className="whitespace-pre-wrap text-sm text-fg">{notification.body}</span>
          <span className="text-sm text-fg-muted">
            {isAlert(notification) ? `Why: ${notification.reason}` : notification.reason}
          </span>
          {notification.inDigest.length > 0 && <DigestLabel channels={notification.inDigest} />}
        </span>
      </Link>
      {notification.artist && (
        <div className="pl-[1.375rem]">
          <ArtistMessageMenu messageId={notification.id} artist={notification.artist} />
        </div>
      )}
      {notification.kind === 'going_invite' && (
        // Lined up with the text: past the dot (0.625rem), the face (2.5rem) and their gaps.
        <div className={fan ? 'pl-[4.625rem]' : 'pl-[1.375rem]'}>
          <InviteAnswer notification={notification} />
        </div>
      )}
    </div>
  );
}

/** 'In your next daily digest · Email, SMS': the alert's messages still to come, together. */
function DigestLabel({ channels }: { channels: TNotification['inDigest'] }) {
  return (
    <span className="inline-flex w-fit items-center gap-1.5 rounded-full border border-line-strong px-2.5 py-0.5 text-xs font-semibold text-fg">
      <Clock aria-hidden className="size-3.5" />
      {DIGEST_LABEL} · {channels.map((c) => ALERT_CHANNEL_LABELS[c]).join(', ')}
    </span>
  );
}
