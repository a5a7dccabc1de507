import { SHOW_MESSAGES as S } from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import { AppError } from '../http/app-error.ts';
import type { ShowEvent, ShowValues, StoredShow } from '../repositories/show.repo.ts';
import { notFound } from './show-rules.ts';

/**
 * Nobody speaks for another account. The announcer is one party of the show (the performer, or
 * the venue); when the other party is on Encore too, the show waits for its word. A show at an
 * external venue names nobody else and is confirmed at once.
 */
export function confirmationAtAnnounce(
  announcerId: string,
  parties: { performerId: string; venueId: string | null },
): Pick<ShowValues, 'confirmation' | 'confirmingPartyId'> {
  const other = announcerId === parties.performerId ? parties.venueId : parties.performerId;
  return other === null
    ? { confirmation: 'confirmed', confirmingPartyId: null }
    : { confirmation: 'pending', confirmingPartyId: other };
}

/** What fans hear first about a show: written at announcement, or at confirmation if pending. */
export function announcedEvent(startsAt: Date): ShowEvent {
  return { kind: 'announced', payload: { startsAt: startsAt.toISOString() } };
}

const isParty = (userId: string | undefined, show: StoredShow) =>
  userId !== undefined && (userId === show.performerId || userId === show.venueId);

/**
 * A pending or declined show exists only for its two parties: for anyone else it is not found,
 * whatever they ask of it (its page, going to it, confirming it).
 */
export function visibleShow(user: SessionUser | null, show: StoredShow | null): StoredShow {
  if (!show) throw notFound();
  if (show.confirmation !== 'confirmed' && !isParty(user?.id, show)) throw notFound();
  return show;
}

/** Only the party the show waits for (or waited for) gives its word on it. */
export function assertConfirmingParty(user: SessionUser, row: StoredShow | null): StoredShow {
  const show = visibleShow(user, row);
  if (show.confirmingPartyId !== user.id) throw new AppError('FORBIDDEN', S.onlyPartyConfirms);
  if (show.status === 'cancelled' && show.confirmation === 'pending') {
    throw new AppError('CONFLICT', S.cancelledShow);
  }
  return show;
}
