import { SHOW_MESSAGES, SHOW_ROLE_MESSAGES, type TShowDetail } from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import { showCalendar } from '../domain/show-calendar.ts';
import { visibleShow } from '../domain/show-confirmation.ts';
import { notFound } from '../domain/show-rules.ts';
import { AppError } from '../http/app-error.ts';
import type { AttendanceRepo } from '../repositories/attendance.repo.ts';
import type { ShowRepo } from '../repositories/show.repo.ts';

type Status = TShowDetail['myAttendance'];

/**
 * The public show page and its .ics, the signed-in user's own shows, and a fan's going/attended
 * mark. `publicUrl` (PUBLIC_URL) makes the show page's URL in the calendar event.
 */
export function createShowPages(shows: ShowRepo, attendance: AttendanceRepo, publicUrl: string) {
  async function detail(id: string, user: SessionUser | null): Promise<TShowDetail> {
    const show = await shows.show(id);
    if (!show) throw notFound();
    const party = !!user && (user.id === show.performer.id || user.id === show.venue.id);
    // Pending or declined: the page exists for the show's two parties only.
    if (show.confirmation.state !== 'confirmed' && !party) throw notFound();
    const [attendees, myAttendance] = await Promise.all([
      attendance.visible(id, user?.id ?? null),
      user?.role === 'fan' ? attendance.mine(user.id, id) : null,
    ]);
    // While pending the announcer may still edit it; the party asked confirms or declines first.
    const { state, partyId } = show.confirmation;
    const canEdit =
      party && (state === 'confirmed' || (state === 'pending' && user?.id !== partyId));
    return { show, myAttendance, canEdit, attendees };
  }

  return {
    detail,

    /** The public show as one iCalendar event: visible to whoever may see its page. */
    async calendar(id: string): Promise<{ id: string; ics: string }> {
      const { show } = await detail(id, null);
      const pageUrl = `${publicUrl}/shows/${encodeURIComponent(show.id)}`;
      return { id: show.id, ics: showCalendar(show, pageUrl) };
    },

    async mine(user: SessionUser) {
      if (user.role === 'fan') throw new AppError('FORBIDDEN', SHOW_ROLE_MESSAGES.bookersOnly);
      return { shows: await shows.mine(user.id) };
    },

    /** 'attended' only once the show has started; null forgets the mark. */
    async attend(user: SessionUser, id: string, status: Status): Promise<TShowDetail> {
      if (user.role !== 'fan') throw new AppError('FORBIDDEN', SHOW_ROLE_MESSAGES.fansOnly);
      const show = visibleShow(user, await shows.row(id));
      // A cancelled show can still be forgotten, but nobody goes to it any more.
      if (status !== null && show.status === 'cancelled') {
        throw new AppError('CONFLICT', SHOW_MESSAGES.cancelledShow);
      }
      if (status === 'attended' && show.startsAt.getTime() > Date.now()) {
        throw new AppError('VALIDATION_FAILED', 'Please correct the highlighted fields', {
          fields: { status: 'You can mark a show attended once it has started' },
        });
      }
      await attendance.set(user.id, id, status);
      return detail(id, user);
    },
  };
}

export type ShowPages = ReturnType<typeof createShowPages>;
