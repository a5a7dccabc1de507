import { SHOW_MESSAGES as S } from '@encore/contract';
import { AppError } from '../http/app-error.ts';
import { utcToLocal } from '../lib/local-time.ts';
import type { NightShow } from '../repositories/venue-night.repo.ts';

/** A show's local night (YYYY-MM-DD) in its venue's zone. */
export function localNight(startsAt: Date, timeZone: string): string {
  return utcToLocal(startsAt, timeZone).slice(0, 10);
}

/**
 * A venue's night holds one show unless the venue says it holds two (an early and a late show):
 * announcing, moving a show to another night and the venue's confirmation all ask here, with the
 * night's show read in their own transaction. `askedIsVenue`: the venue itself is asking ('You
 * already have…'); anyone else is told the venue's name. `answered`: the request's
 * `confirmSameNight`.
 */
export function assertNightFree(
  other: NightShow | null,
  { answered, askedIsVenue }: { answered: boolean | undefined; askedIsVenue: boolean },
): void {
  if (!other || answered) return;
  throw new AppError('NIGHT_TAKEN', S.nightTaken(askedIsVenue ? null : other.venueName), {
    detail: { showId: other.showId, venueName: other.venueName },
  });
}
