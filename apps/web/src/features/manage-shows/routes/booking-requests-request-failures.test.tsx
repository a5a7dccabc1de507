import type { TBookingRequest } from '@encore/contract';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { expectFailureShown, REQUEST_FAILURES } from '@/testing/request-failures';
import { bookingFixture, stubBookings, venueProfile } from '../testing/booking-fixtures';

const pending = bookingFixture();
const held = bookingFixture({ status: 'held' });

interface ButtonCase {
  button: string;
  role: 'performer' | 'venue';
  request: TBookingRequest;
  call: string;
  act: (user: UserEvent, card: HTMLElement) => Promise<void>;
}

const click = (within_: HTMLElement, name: string, user: UserEvent) =>
  user.click(within(within_).getByRole('button', { name }));

/** Every button of My Shows' booking requests that sends a request. */
const BUTTONS: ButtonCase[] = [
  {
    button: 'Hold date',
    role: 'venue',
    request: pending,
    call: 'POST /api/booking-requests/request-1/accept',
    act: (user, card) => click(card, 'Hold date', user),
  },
  {
    button: 'Decline Request',
    role: 'venue',
    request: pending,
    call: 'POST /api/booking-requests/request-1/decline',
    act: async (user, card) => {
      await click(card, 'Decline', user);
      const dialog = await screen.findByRole('dialog', { name: 'Decline this request?' });
      await user.type(within(dialog).getByLabelText('Note to the performer'), 'Sorry.');
      await click(dialog, 'Decline Request', user);
    },
  },
  {
    button: 'Confirm Show',
    role: 'venue',
    request: held,
    call: 'POST /api/booking-requests/request-1/confirm',
    act: async (user, card) => {
      await click(card, 'Confirm as show', user);
      const dialog = await screen.findByRole('dialog', { name: 'Confirm as show' });
      await user.selectOptions(within(dialog).getByLabelText('Genre'), 'Rock');
      await click(dialog, 'Confirm Show', user);
    },
  },
  {
    button: 'Withdraw Request',
    role: 'performer',
    request: held,
    call: 'POST /api/booking-requests/request-1/withdraw',
    act: async (user, card) => {
      await click(card, 'Withdraw', user);
      const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw this request?' });
      await click(dialog, 'Withdraw Request', user);
    },
  },
];

/** Holding, declining, confirming and withdrawing never fail silently. */
describe.each(BUTTONS)('booking requests: $button', ({ role, request, call, act }) => {
  it.each(REQUEST_FAILURES)('$name', async (failure) => {
    stubBookings(role, {
      requests: [request],
      handlers: { 'GET /api/profile/venue': venueProfile('20:00') },
      overrides: { [call]: failure.answer },
    });
    const { user } = renderApp('/my-shows');
    const name = role === 'venue' ? request.performerName : request.venueName;
    const list = await screen.findByRole('region', { name: 'Booking requests' });
    await act(user, await within(list).findByRole('article', { name }));
    await expectFailureShown(failure.message);
  });
});
