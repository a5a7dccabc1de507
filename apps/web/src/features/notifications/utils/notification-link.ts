import { SHOW_NOTICE_KINDS, type TNotification, type TShowNoticeKind } from '@encore/contract';
import { paths } from '@/config/paths';

const NOTICES: readonly string[] = SHOW_NOTICE_KINDS;

/** A performer's or venue's notice about a show's confirmation, rather than a fan's alert. */
export function isShowNotice(
  notification: TNotification,
): notification is TNotification & { kind: TShowNoticeKind } {
  return NOTICES.includes(notification.kind);
}

/** Where a notification leads: a notice to 'Your Shows' (Confirm / Decline live there), an alert to its show. */
export function notificationHref(notification: TNotification): string {
  return isShowNotice(notification)
    ? paths.manageShows.list.href()
    : paths.show.href(notification.showId);
}
