import { SHOW_MESSAGES, SHOW_ROLE_MESSAGES, type TShowDetail } from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import { showCalendar } from '../domain/show-calendar.ts';
import { visibleShow } from '../domain/show-confirmation.ts';
import { notFound } from '../domain/show-rules.ts';
import { AppError } from '../http/app-error.ts';
import type { AttendanceRepo, OrmOrTx } from '../repositories/attendance.repo.ts';
import type { ShowRepo, StoredShow } from '../repositories/show.repo.ts';

type Status = TShowDetail['myAttendance'];

/**
 * A fan's going/attended mark, with its rules: the one path the show page's buttons and a
 * going-together answer (services/going-together.service.ts) both take. 'attended' only once the
 * show has started; a cancelled show can still be forgotten, but nobody goes to it any more.
 * `db` lets a caller write the mark inside its own transaction.
 */
export async function markAttendance(
  attendance: AttendanceRepo,
  user: SessionUser,
  row: StoredShow | null,
  status: Status,
  db?: OrmOrTx,
): Promise<void> {
  if (user.role !== 'fan') throw new AppError('FORBIDDEN', SHOW_ROLE_MESSAGES.fansOnly);
  const show = visibleShow(user, row);
  if (status !== null && show.status === 'cancelled') {
    throw new AppError('CONFLICT', SHOW_MESSAGES.cancelledShow);
  }
  if (status === 'attended' && show.startsAt.getTime() > Date.now()) {
    throw new AppError('VALIDATION_FAILED', 'Please correct the highlighted fields', {
      fields: { status: 'You can mark a show attended once it has started' },
    });
  }
  await attendance.set(user.id, show.id, status, db);
}

/**
 * The public show page and its .ics, the signed-in user's own shows, and a fan's going/attended
 * mark. `publicUrl` (PUBLIC_URL) makes the show page's URL in the calendar event.
 */
export function createShowPages(shows: ShowRepo, attendance: AttendanceRepo, publicUrl: string) {
  async function detail(id: string, user: SessionUser | null): Promise<TShowDetail> {
    const show = await shows.show(id, user?.id ?? null);
    if (!show) throw notFound();
    const party = !!user && (user.id === show.performer.id || user.id === show.venue.id);
    // A support act asked to play it sees the page as its parties do (its slot is on it).
    const act = !!user && show.supportingActs.some((a) => a.performerId === user.id);
    // Pending or declined: the page exists for the show's two parties (and its acts) only.
    if (show.confirmation.state !== 'confirmed' && !party && !act) throw notFound();
    const fan = user?.role === 'fan' ? user : null;
    const [attendees, myAttendance, palsGoing, revision] = await Promise.all([
      attendance.visible(id, user?.id ?? null),
      fan ? attendance.mine(fan.id, id) : null,
      // Only a fan has Show Pals: null for anonymous visitors, performers and venues.
      fan ? attendance.palsGoing(fan.id, id) : null,
      // Whether its last move left it without a date: only a postponed show can wait for one.
      show.status === 'postponed' ? shows.revision(id) : null,
    ]);
    // While pending the announcer may still edit it; the party asked confirms or declines first.
    const { state, partyId } = show.confirmation;
    const canEdit =
      party && (state === 'confirmed' || (state === 'pending' && user?.id !== partyId));
    const newDatePending = revision?.datePending ?? false;
    return { show, myAttendance, canEdit, attendees, palsGoing, newDatePending };
  }

  return {
    detail,

    /** The public show as one iCalendar event: visible to whoever may see its page. */
    async calendar(id: string): Promise<{ id: string; ics: string }> {
      const { show } = await detail(id, null);
      const revision = await shows.revision(show.id);
      if (!revision) throw notFound();
      const pageUrl = `${publicUrl}/shows/${encodeURIComponent(show.id)}`;
      return { id: show.id, ics: showCalendar({ ...show, revision }, pageUrl) };
    },

    async mine(user: SessionUser) {
      if (user.role === 'fan') throw new AppError('FORBIDDEN', SHOW_ROLE_MESSAGES.bookersOnly);
      return { shows: await shows.mine(user.id) };
    },

    /** 'attended' only once the show has started; null forgets the mark. */
    async attend(user: SessionUser, id: string, status: Status): Promise<TShowDetail> {
      await markAttendance(attendance, user, await shows.row(id), status);
      return detail(id, user);
    },
  };
}

export type ShowPages = ReturnType<typeof createShowPages>;
