import {
  PROFILE_EXTRA_MESSAGES,
  SHOW_MESSAGES as S,
  SHOW_ROLE_MESSAGES,
  type TOwnShow,
  type ZShowInput,
} from '@encore/contract';
import type { z } from 'zod';
import type { SessionUser } from '../auth/session-user.ts';
import { announceFingerprint } from '../domain/announce-fingerprint.ts';
import { actPerformerIds, type BillAct, planBill } from '../domain/show-acts.ts';
import { announcedEvent, confirmationAtAnnounce } from '../domain/show-confirmation.ts';
import { showRowFrom } from '../domain/show-row.ts';
import { assertTimesAndPrices, instantAt, invalid } from '../domain/show-rules.ts';
import { timeZoneAt } from '../domain/time-zone-at.ts';
import { assertNightFree } from '../domain/venue-night.ts';
import { locateZip } from '../domain/zip-location.ts';
import { AppError } from '../http/app-error.ts';
import type { ShowEvent, ShowNotice, ShowRepo, ShowValues } from '../repositories/show.repo.ts';
import type {
  AnnounceDecision,
  AnnounceFacts,
  ShowAnnounceRepo,
} from '../repositories/show-announce.repo.ts';
import type { ShowNoticeMailer } from './show-notice-mailer.service.ts';

export type ShowInput = z.output<typeof ZShowInput>;
type Input = ShowInput;

/**
 * POST /api/shows. A performer announces their own show at any Encore venue or an external one;
 * a venue announces a show at itself with any Encore performer. Fans announce nothing. A show
 * naming another Encore party waits for its confirmation (show-confirmation.ts): no event yet,
 * and a notice (in-app and email) asks that party.
 *
 * One show, one alert (decision 019): a repeat of a request with the same Idempotency-Key answers
 * the show the first one made (created: false, nothing written, nobody alerted again); a live
 * show with the same performer, venue and start is refused with its id; a second show of the
 * performer on the same local day elsewhere needs `confirmSameDay`; and a night its Encore venue
 * already holds a show on needs `confirmSameNight` (venue-night.ts).
 */
export function createAnnounce(
  repo: ShowRepo,
  announces: ShowAnnounceRepo,
  mailer: ShowNoticeMailer,
) {
  async function parties(user: SessionUser, input: Input) {
    if (user.role === 'fan') throw new AppError('FORBIDDEN', SHOW_ROLE_MESSAGES.announce);
    const self = user.role === 'performer' ? input.performerId : input.venueId;
    if (self !== user.id) throw new AppError('FORBIDDEN', S.notYourShow);
    const own =
      user.role === 'performer' ? await repo.performer(user.id) : await repo.venue(user.id);
    if (!own) throw new AppError('PROFILE_REQUIRED', PROFILE_EXTRA_MESSAGES.profileMissing);
    const performer = await repo.performer(input.performerId);
    if (!performer) throw invalid('performerId', S.performerRequired);
    if (input.venueId === null) return { performer, venue: null };
    const venue = await repo.venue(input.venueId);
    if (!venue) throw invalid('venueId', S.venueRequired);
    return { performer, venue };
  }

  return async (
    user: SessionUser,
    input: Input,
    idempotencyKey: string | null = null,
  ): Promise<TOwnShow> => {
    const found = await parties(user, input);
    const artists = await repo.artistNames(actPerformerIds(input.supportingActs));
    const bill = planBill(input.supportingActs, {
      headlinerId: input.performerId,
      artists,
      current: [],
    });
    const { values, events, notices, acts } = showToWrite(user.id, input, found, { bill });
    const fingerprint = announceFingerprint(input);
    const key = idempotencyKey ? { userId: user.id, key: idempotencyKey, fingerprint } : null;
    const { id, noticeIds } = await announces.announce(
      { key, localDate: input.startsAtLocal.slice(0, 10), values, events, notices, acts },
      (facts) =>
        decide(facts, {
          fingerprint,
          input,
          who: user.role === 'venue' ? found : null,
          isVenue: user.role === 'venue',
        }),
    );
    await mailer.mail(noticeIds);
    return (await repo.show(id, user.id)) as TOwnShow;
  };
}

function decide(
  { keyed, duplicateId, sameDay, night }: AnnounceFacts,
  request: {
    fingerprint: string;
    input: Input;
    who: { performer: { name: string } } | null;
    isVenue: boolean;
  },
): AnnounceDecision {
  if (keyed) {
    if (keyed.fingerprint !== request.fingerprint) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', S.keyReused);
    }
    return { create: false, showId: keyed.showId };
  }
  if (duplicateId) {
    throw new AppError('CONFLICT', S.duplicateShow, { detail: { showId: duplicateId } });
  }
  if (sameDay && !request.input.confirmSameDay) {
    const who = request.who?.performer.name ?? null;
    throw new AppError('SAME_DAY_SHOW', S.sameDay(who, sameDay.venueName), {
      detail: { showId: sameDay.showId, venueName: sameDay.venueName },
    });
  }
  assertNightFree(night, {
    answered: request.input.confirmSameNight,
    askedIsVenue: request.isVenue,
  });
  return { create: true };
}

type Parties = {
  performer: { genres: readonly string[] };
  venue: { state: string; zipCode: string; latitude: number; longitude: number } | null;
};

/**
 * The row, events, notices and bill of a new show, as announcing writes them. `bothAgreed`: the
 * other party has already said yes (a venue confirming a booking request it held), so the show is
 * confirmed and announced to fans at once, exactly as if it had confirmed a pending show. `bill`:
 * the acts planned from the input (planBill); each Encore act on it is asked to confirm its slot.
 */
export function showToWrite(
  announcerId: string,
  input: Input,
  { performer, venue }: Parties,
  {
    bothAgreed = false,
    bill = { acts: [], asked: [] },
  }: { bothAgreed?: boolean; bill?: { acts: BillAct[]; asked: string[] } } = {},
): { values: ShowValues; events: ShowEvent[]; notices: ShowNotice[]; acts: BillAct[] } {
  const external = input.externalVenue;
  const state = venue?.state ?? external?.state ?? '';
  const place = venue ?? externalPlace(external?.zipCode ?? '');
  const zipCode = venue?.zipCode ?? external?.zipCode;
  const timeZone = timeZoneAt(place.latitude, place.longitude, state, zipCode);
  const startsAt = instantAt('startsAtLocal', input.startsAtLocal, timeZone);
  const onSaleAt = input.onSaleAtLocal
    ? instantAt('onSaleAtLocal', input.onSaleAtLocal, timeZone)
    : null;
  assertTimesAndPrices({ ...input, startsAt, onSaleAt, startChanged: true });
  const genre = input.genre ?? performer.genres[0] ?? 'Other';
  const confirmation = bothAgreed
    ? ({ confirmation: 'confirmed', confirmingPartyId: null } as const)
    : confirmationAtAnnounce(announcerId, input);
  const party = confirmation.confirmingPartyId;
  return {
    values: {
      ...showRowFrom(input, { place, timeZone, startsAt, onSaleAt, genre }),
      createdBy: announcerId,
      ...confirmation,
    },
    events: party ? [] : [announcedEvent(startsAt)],
    notices: [
      ...(party ? [{ userId: party, kind: 'confirmation_requested' } as const] : []),
      ...bill.asked.map(
        (id) => ({ userId: id, kind: 'act_confirmation_requested', actPerformerId: id }) as const,
      ),
    ],
    acts: bill.acts,
  };
}

/** An external venue's ZIP, refused under the form's own field name when it does not exist. */
function externalPlace(zipCode: string) {
  try {
    return locateZip(zipCode);
  } catch {
    throw invalid('externalVenue.zipCode', PROFILE_EXTRA_MESSAGES.zipUnknown);
  }
}
