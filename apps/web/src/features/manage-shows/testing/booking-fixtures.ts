import type { TBookingRequest, TBookingRequestState } from '@encore/contract';
import { bookingRequest, venueProfile as venueProfileFixture } from '@/testing/profile-fixtures';
import { apiError, json, type StubRequest } from '@/testing/stub-api';
import { stubOwner } from './fixtures';

type Answer = (request: StubRequest) => Response | Promise<Response>;

/** A request from Velvet Static (performer-1) to Blue Room (venue-1), pending. */
export const bookingFixture = bookingRequest;

interface BookingServer {
  requests?: TBookingRequest[];
  /** Answers that replace the fake's own, by "METHOD /path". */
  overrides?: Record<string, Answer>;
  /** Anything else the page loads (the venue's profile, shows). */
  handlers?: Record<string, Answer>;
}

/** Which answer moves a request from which states to which (the contract's state machine). */
const MOVES: Record<string, { from: TBookingRequestState[]; to: TBookingRequestState }> = {
  accept: { from: ['pending'], to: 'held' },
  decline: { from: ['pending', 'held'], to: 'declined' },
  withdraw: { from: ['pending', 'held'], to: 'withdrawn' },
  confirm: { from: ['held'], to: 'confirmed' },
};

/**
 * A signed-in `role` and a booking-request server that keeps state like the real one: an answer
 * changes the request, and the next GET lists it changed (newest first, as the server sends).
 */
export function stubBookings(role: 'performer' | 'venue', server: BookingServer = {}) {
  const requests = [...(server.requests ?? [])];
  const answers: Record<string, Answer> = {};
  for (const request of requests) {
    for (const [action, move] of Object.entries(MOVES)) {
      answers[`POST /api/booking-requests/${request.id}/${action}`] = ({ body }) => {
        const current = requests.find((r) => r.id === request.id) as TBookingRequest;
        if (!move.from.includes(current.status)) {
          return apiError(409, 'CONFLICT', 'This request is no longer open');
        }
        const next: TBookingRequest = {
          ...current,
          status: move.to,
          answeredAt: '2099-01-12T12:00:00.000Z',
          declineNote:
            action === 'decline' ? ((body as { note: string | null }).note ?? null) : null,
          showId: action === 'confirm' ? `show-from-${current.id}` : current.showId,
        };
        requests.splice(requests.indexOf(current), 1, next);
        return json({ request: next });
      };
    }
  }
  return stubOwner(role, [], {
    'GET /api/booking-requests': () =>
      json({
        requests: [...requests].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)),
      }),
    ...answers,
    ...server.handlers,
    ...server.overrides,
  });
}

/** GET /api/profile/venue: Blue Room's saved profile, whose typical show time seeds 'Confirm as show'. */
export const venueProfile =
  (typicalShowTime: string): Answer =>
  () => {
    const profile = venueProfileFixture({
      venueName: 'Blue Room',
      streetAddress: '12 Main St',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      email: 'blue@example.test',
      maxCapacity: 300,
      typicalShowTime,
      amenities: ['Stage'],
    });
    return json({ profile });
  };
