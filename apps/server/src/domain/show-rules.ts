import { SHOW_MESSAGES as S } from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import { AppError } from '../http/app-error.ts';
import { LocalTimeError, localToUtc } from '../lib/local-time.ts';
import type { StoredShow } from '../repositories/show.repo.ts';

/** A 400 naming one field, as the contract's schemas do. */
export function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', 'Please correct the highlighted fields', {
    fields: { [field]: message },
  });
}

/** The instant of a form's local date-time in the venue's zone; an impossible one is a 400. */
export function instantAt(field: string, local: string, timeZone: string): Date {
  try {
    return localToUtc(local, timeZone);
  } catch (error) {
    if (error instanceof LocalTimeError) throw invalid(field, error.message);
    throw error;
  }
}

export function notFound(): AppError {
  return new AppError('NOT_FOUND', 'Show not found');
}

/**
 * Only the show's performer or its Encore venue changes it, and never once it is cancelled or
 * declined. While it waits for the other party, that party confirms or declines, not edits; a
 * pending show is not found by anyone else.
 */
export function assertEditable(user: SessionUser, show: StoredShow | null): StoredShow {
  if (!show) throw notFound();
  const party = user.id === show.performerId || user.id === show.venueId;
  if (!party && show.confirmation !== 'confirmed') throw notFound();
  if (!party) throw new AppError('FORBIDDEN', S.notYourShow);
  if (show.confirmation === 'declined') throw new AppError('CONFLICT', S.declinedShow);
  if (show.confirmation === 'pending' && user.id === show.confirmingPartyId) {
    throw new AppError('CONFLICT', S.pendingShow);
  }
  if (show.status === 'cancelled') throw new AppError('CONFLICT', S.cancelledShow);
  return show;
}

/** Starts in the future; tickets on sale before the start; maximum price ≥ minimum. */
export function assertTimesAndPrices(v: {
  startsAt: Date;
  onSaleAt: Date | null;
  priceMin: number | null;
  priceMax: number | null;
  startChanged: boolean;
}): void {
  if (v.startChanged && v.startsAt.getTime() <= Date.now()) {
    throw invalid('startsAtLocal', S.dateInFuture);
  }
  if (v.onSaleAt && v.onSaleAt >= v.startsAt) throw invalid('onSaleAtLocal', S.onSaleBeforeShow);
  if (v.priceMin !== null && v.priceMax !== null && v.priceMax < v.priceMin) {
    throw invalid('priceMax', S.priceOrder);
  }
}
