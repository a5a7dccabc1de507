import type { TBookingConfirm, TBookingRequest } from '@encore/contract';
import { YEAR } from './dates.ts';
import { send } from './profile-inputs.ts';
import type { TestApp } from './test-app.ts';

type Party = { id: string; cookie: string };

let night = 0;
/** A night of next year no other call of this file used: each request its own date. */
export function freshNight(): string {
  night += 1;
  const date = new Date(Date.UTC(YEAR, 0, 1 + (night % 360)));
  return date.toISOString().slice(0, 10);
}

/** POST /api/booking-requests as the performer; answers the response (any status). */
export function requestBooking(
  t: TestApp,
  performer: Party,
  venueId: string,
  overrides: Record<string, unknown> = {},
) {
  return send(t.app, 'POST', '/api/booking-requests', performer.cookie, {
    venueId,
    date: freshNight(),
    message: 'We are touring the Midwest in spring and would love to play your room.',
    ...overrides,
  });
}

/** A request that must succeed: the request as the API answered it. */
export async function requested(
  t: TestApp,
  performer: Party,
  venueId: string,
  overrides: Record<string, unknown> = {},
): Promise<TBookingRequest> {
  const response = await requestBooking(t, performer, venueId, overrides);
  if (response.statusCode !== 201) throw new Error(`booking request: ${response.body}`);
  return response.json<{ request: TBookingRequest }>().request;
}

/** POST /api/booking-requests/:id/<action> as `cookie`. */
export function answerBooking(
  t: TestApp,
  cookie: string,
  id: string,
  action: 'accept' | 'decline' | 'withdraw' | 'confirm',
  body?: unknown,
) {
  return send(t.app, 'POST', `/api/booking-requests/${id}/${action}`, cookie, body);
}

export const CONFIRM: TBookingConfirm = {
  startTime: '20:30',
  genre: 'Indie',
  ticketUrl: 'https://tickets.example.com/booked',
  priceMin: 15,
  priceMax: 30,
};
