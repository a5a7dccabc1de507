import {
  BOOKING_NOTICE_KINDS,
  SHOW_NOTICE_KINDS,
  SOCIAL_NOTICE_KINDS,
  type TBookingNoticeKind,
  type TNotification,
  type TShowNoticeKind,
  type TSocialNoticeKind,
} from '@encore/contract';
import { paths } from '@/config/paths';

const SHOW_NOTICES: readonly string[] = SHOW_NOTICE_KINDS;
const SOCIAL_NOTICES: readonly string[] = SOCIAL_NOTICE_KINDS;
const BOOKING_NOTICES: readonly string[] = BOOKING_NOTICE_KINDS;

/** A performer's or venue's notice about a show's confirmation, rather than a fan's alert. */
export function isShowNotice(
  notification: TNotification,
): notification is TNotification & { kind: TShowNoticeKind } {
  return SHOW_NOTICES.includes(notification.kind);
}

/** A Show Pals notice (a request, an acceptance, a going-together invite) from another fan. */
export function isSocialNotice(
  notification: TNotification,
): notification is TNotification & { kind: TSocialNoticeKind } {
  return SOCIAL_NOTICES.includes(notification.kind);
}

/** A booking request notice to a performer or venue (asked, held, declined, confirmed, withdrawn). */
export function isBookingNotice(
  notification: TNotification,
): notification is TNotification & { kind: TBookingNoticeKind } {
  return BOOKING_NOTICES.includes(notification.kind);
}

/** A fan's show alert, as opposed to a notice: only an alert's reason reads 'Why: …'. */
export function isAlert(notification: TNotification): boolean {
  return (
    !isShowNotice(notification) && !isSocialNotice(notification) && !isBookingNotice(notification)
  );
}

/**
 * Where a notification leads: a show notice to 'Your Shows' (Confirm / Decline live there), a
 * booking notice there too (requests are answered in My Shows) but a confirmed booking to its new
 * show, a pal request to /social (Accept / Decline), an acceptance to the new pal's profile, an
 * invite or an alert to its show. Without the show or the fan it names (not expected), to the
 * place that lists them: /social for Show Pals notices, the centre itself otherwise.
 */
export function notificationHref(notification: TNotification): string {
  // An artist message leads to its artist's page.
  if (notification.artist) return paths.artistPage.href(notification.artist.performerId);
  if (isShowNotice(notification)) return paths.manageShows.list.href();
  if (isBookingNotice(notification)) {
    return notification.kind === 'booking_confirmed' && notification.showId !== null
      ? paths.show.href(notification.showId)
      : paths.manageShows.list.href();
  }
  const { kind, fan, showId } = notification;
  if (kind === 'pal_request') return paths.fan.social.href();
  if (kind === 'pal_accepted' && fan) return paths.fanProfile.href(fan.username);
  if (showId !== null && kind !== 'pal_accepted') return paths.show.href(showId);
  return isSocialNotice(notification) ? paths.fan.social.href() : paths.notifications.href();
}
