import {
  BOOKING_MESSAGES as B,
  OPEN_BOOKING_STATES,
  PROFILE_EXTRA_MESSAGES,
  SHOW_MESSAGES,
  SHOW_ROLE_MESSAGES,
  type TBookingRequest,
  type ZBookingConfirm,
  type ZBookingDecline,
  type ZBookingRequestInput,
} from '@encore/contract';
import type { z } from 'zod';
import type { SessionUser } from '../auth/session-user.ts';
import { instantAt, invalid } from '../domain/show-rules.ts';
import { timeZoneAt } from '../domain/time-zone-at.ts';
import { AppError } from '../http/app-error.ts';
import { utcToLocal } from '../lib/local-time.ts';
import type {
  BookingChange,
  BookingRequestRepo,
  BookingRow,
  Night,
  Written,
} from '../repositories/booking-request.repo.ts';
import type { BookingRequestMailer } from './booking-request-mailer.service.ts';
import { showToWrite } from './show-announce.service.ts';

type Input = z.output<typeof ZBookingRequestInput>;
type Decline = z.output<typeof ZBookingDecline>;
type Confirm = z.output<typeof ZBookingConfirm>;

const notFound = () => new AppError('NOT_FOUND', B.notFound);
const conflict = (message: string) => new AppError('CONFLICT', message);
/** A 409 about the night asked for, shown under the form's date. */
const nightConflict = (message: string) =>
  new AppError('CONFLICT', message, { fields: { date: message } });
const isOpen = (row: BookingRow) => (OPEN_BOOKING_STATES as readonly string[]).includes(row.state);

/** Only this request's venue answers it; its performer is told so, anyone else finds nothing. */
function venueOf(user: SessionUser, row: BookingRow | null): BookingRow {
  if (row?.venueId === user.id) return row;
  if (row?.performerId === user.id) throw new AppError('FORBIDDEN', B.venuesOnly);
  throw notFound();
}

/** A request is private to its two parties: another performer cannot even see it exists. */
function performerOf(user: SessionUser, row: BookingRow | null): BookingRow {
  if (row?.performerId === user.id) return row;
  throw notFound();
}

/** The race the unique indexes settled, as the 409 the losing caller would have got anyway. */
function settled<T>(written: Written<T>): T {
  if (written.ok) return written.value;
  throw written.lost === 'open' ? nightConflict(B.alreadyRequested) : nightConflict(B.nightTaken);
}

/**
 * Booking requests (contract: booking-requests.ts has the state machine). A performer asks an
 * Encore venue for a night; the venue holds, declines or confirms it as a show; the performer may
 * withdraw while it is open. Every change is one transaction under the request's row lock, with
 * the in-app notice it gives the other side; mails go after it commits.
 */
export function createBookingRequests(repo: BookingRequestRepo, mailer: BookingRequestMailer) {
  const view = async (id: string) => (await repo.view(id)) as TBookingRequest;

  async function answer(
    id: string,
    plan: (row: BookingRow | null, night: Night) => Promise<BookingChange>,
    mail: boolean,
  ): Promise<TBookingRequest> {
    settled(await repo.change(id, plan));
    const request = await view(id);
    if (mail) await mailer.answered(request);
    return request;
  }

  return {
    async send(user: SessionUser, input: Input): Promise<TBookingRequest> {
      if (user.role !== 'performer') throw new AppError('FORBIDDEN', B.performersOnly);
      if (!(await repo.performer(user.id))) {
        throw new AppError('PROFILE_REQUIRED', PROFILE_EXTRA_MESSAGES.profileMissing);
      }
      const venue = await repo.venue(input.venueId);
      if (!venue) {
        throw new AppError('NOT_FOUND', B.noSuchVenue, { fields: { venueId: B.noSuchVenue } });
      }
      assertFutureNight(input.date, venueZone(venue));
      if (await repo.hasOpen(user.id, input.venueId, input.date)) {
        throw nightConflict(B.alreadyRequested);
      }
      if (await repo.nightTaken(input.venueId, input.date, user.id)) {
        throw nightConflict(B.nightTaken);
      }
      // A plan that is not the performer's own is not an error worth a refusal: the request
      // simply stands without one.
      const planId =
        input.planId && (await repo.isOwnPlan(input.planId, user.id)) ? input.planId : null;
      const id = settled(
        await repo.insert(
          {
            performerId: user.id,
            venueId: input.venueId,
            date: input.date,
            message: input.message,
            planId,
          },
          { userId: input.venueId, kind: 'booking_requested' },
        ),
      );
      const request = await view(id);
      await mailer.requested(request);
      return request;
    },

    list(user: SessionUser, planId?: string): Promise<TBookingRequest[]> {
      if (user.role === 'performer') return repo.list('performer', user.id, planId);
      if (user.role === 'venue') return repo.list('venue', user.id);
      throw new AppError('FORBIDDEN', SHOW_ROLE_MESSAGES.bookersOnly);
    },

    /** pending → held; no other hold or live show may have that night (the held index settles races). */
    accept: (user: SessionUser, id: string) =>
      answer(
        id,
        async (found, night) => {
          const row = venueOf(user, found);
          if (row.state !== 'pending') throw conflict(B.notOpen);
          if (await night.taken()) throw nightConflict(B.nightTaken);
          return {
            values: { state: 'held', answeredAt: new Date() },
            notice: { userId: row.performerId, kind: 'booking_held' },
          };
        },
        true,
      ),

    decline: (user: SessionUser, id: string, body: Decline) =>
      answer(
        id,
        async (found) => {
          const row = venueOf(user, found);
          if (!isOpen(row)) throw conflict(B.notOpen);
          const note = body.note?.trim() ? body.note : null;
          return {
            values: { state: 'declined', declineNote: note, answeredAt: new Date() },
            notice: { userId: row.performerId, kind: 'booking_declined' },
          };
        },
        true,
      ),

    withdraw: (user: SessionUser, id: string) =>
      answer(
        id,
        async (found) => {
          const row = performerOf(user, found);
          if (!isOpen(row)) throw conflict(B.notOpen);
          return {
            values: { state: 'withdrawn' },
            notice: { userId: row.venueId, kind: 'booking_withdrawn' },
          };
        },
        false,
      ),

    /**
     * held → confirmed: the show is written as announcing writes it, but confirmed at once (the
     * venue is the one confirming, the performer asked for it), so fans are alerted as for any
     * confirmed show; the request and its show commit together.
     */
    async confirm(user: SessionUser, id: string, body: Confirm): Promise<TBookingRequest> {
      const row = venueOf(user, await repo.row(id));
      // Checked again under the lock; first here, so a pending request is refused as such.
      if (row.state !== 'held') throw conflict(B.notHeld);
      const [performer, venue] = await Promise.all([
        repo.performer(row.performerId),
        repo.venue(row.venueId),
      ]);
      if (!performer || !venue) throw notFound();
      if (!performer.genres.includes(body.genre)) throw invalid('genre', B.genreNotPerformers);
      const timeZone = venueZone(venue);
      const startsAtLocal = `${row.date}T${body.startTime}`;
      if (instantAt('startTime', startsAtLocal, timeZone).getTime() <= Date.now()) {
        throw invalid('startTime', SHOW_MESSAGES.dateInFuture);
      }
      const show = showToWrite(
        user.id,
        {
          performerId: row.performerId,
          venueId: row.venueId,
          externalVenue: null,
          startsAtLocal,
          ticketUrl: body.ticketUrl,
          priceMin: body.priceMin,
          priceMax: body.priceMax,
          onSaleAtLocal: null,
          supportingActs: [],
          genre: body.genre,
        },
        { performer, venue },
        { bothAgreed: true },
      );
      return answer(
        id,
        async (found, night) => {
          const locked = venueOf(user, found);
          if (locked.state !== 'held') throw conflict(B.notHeld);
          // Checked again as announcing checks a show: since the hold, the venue may have put
          // another show on that night, or the performer announced one that day elsewhere.
          await night.hold();
          if (await night.taken()) throw nightConflict(B.nightTaken);
          const busy = await night.performerShow();
          if (busy) {
            throw new AppError('CONFLICT', B.performerBusy(busy.venueName), {
              detail: { showId: busy.showId },
            });
          }
          return {
            values: { state: 'confirmed', answeredAt: new Date() },
            notice: { userId: locked.performerId, kind: 'booking_confirmed' },
            show,
          };
        },
        true,
      );
    },
  };
}

/** The night must be after today in the venue's own calendar (its zone, not the server's). */
/** The venue's own zone (its profile's ZIP and coordinates), as announcing the show will use. */
function venueZone(venue: {
  latitude: number;
  longitude: number;
  state: string;
  zipCode: string;
}): string {
  return timeZoneAt(venue.latitude, venue.longitude, venue.state, venue.zipCode);
}

function assertFutureNight(date: string, timeZone: string) {
  instantAt('date', `${date}T12:00`, timeZone); // refuses February 30 and the like
  const today = utcToLocal(new Date(), timeZone).slice(0, 10);
  if (date <= today) throw invalid('date', B.dateInPast);
}

export type BookingRequests = ReturnType<typeof createBookingRequests>;
