import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json } from '@/testing/stub-api';
import { bookingFixture, stubBookings } from '../testing/booking-fixtures';

const section = () => screen.findByRole('region', { name: 'Booking requests' });
const card = async (name: string) => within(await section()).findByRole('article', { name });

describe('My Shows › Booking requests (performer)', () => {
  it('lists sent requests with their state, the venue’s note and the confirmed show', async () => {
    stubBookings('performer', {
      requests: [
        bookingFixture({ id: 'p', venueName: 'Blue Room', venueId: 'venue-1' }),
        bookingFixture({
          id: 'h',
          venueName: 'Held Hall',
          status: 'held',
          createdAt: '2099-01-05T00:00:00.000Z',
        }),
        bookingFixture({
          id: 'd',
          venueName: 'Nope Lounge',
          status: 'declined',
          declineNote: 'We are booked all March, try us in the autumn.',
          createdAt: '2099-01-20T00:00:00.000Z',
        }),
        bookingFixture({ id: 'c', venueName: 'Yes Arena', status: 'confirmed', showId: 'show-7' }),
        bookingFixture({ id: 'w', venueName: 'Gone Club', status: 'withdrawn' }),
      ],
    });
    renderApp('/my-shows');

    const blue = await card('Blue Room');
    expect(blue.textContent).toContain('Requested');
    expect(blue.textContent).toContain('Fri, Mar 6, 2099');
    expect(blue.textContent).toContain('Austin, TX');
    expect(within(blue).getByRole('link', { name: 'Blue Room' }).getAttribute('href')).toBe(
      '/venues/venue-1',
    );
    expect(within(blue).getByRole('button', { name: 'Withdraw' })).toBeTruthy();

    const heldHall = await card('Held Hall');
    expect(heldHall.textContent).toContain('Date held');
    expect(within(heldHall).getByRole('button', { name: 'Withdraw' })).toBeTruthy();
    expect(within(heldHall).queryByRole('button', { name: 'Hold date' })).toBeNull();

    const nope = await card('Nope Lounge');
    expect(nope.textContent).toContain('Declined');
    expect(nope.textContent).toContain('Note from Nope Lounge');
    expect(nope.textContent).toContain('We are booked all March, try us in the autumn.');
    expect(within(nope).queryByRole('button')).toBeNull();

    const yes = await card('Yes Arena');
    expect(yes.textContent).toContain('Confirmed');
    expect(within(yes).getByRole('link', { name: 'View show' }).getAttribute('href')).toBe(
      '/shows/show-7',
    );
    expect(within(yes).queryByRole('button', { name: 'Withdraw' })).toBeNull();

    const gone = await card('Gone Club');
    expect(gone.textContent).toContain('Withdrawn');
    expect(within(gone).queryByRole('button')).toBeNull();

    // Open ones first (newest first), then the answered ones.
    const names = within(await section())
      .getAllByRole('article')
      .map((a) => within(a).getByRole('heading').textContent);
    expect(names.slice(0, 2)).toEqual(['Blue Room', 'Held Hall']);
  });

  it('says what to do before any request is sent', async () => {
    stubBookings('performer');
    renderApp('/my-shows');
    expect(
      await within(await section()).findByText(
        'No booking requests sent. Plan a tour from your dashboard and send requests to the venues it picks.',
      ),
    ).toBeTruthy();
  });

  it('says when the requests could not be loaded, and loads them on retry', async () => {
    let fail = true;
    stubBookings('performer', {
      overrides: {
        'GET /api/booking-requests': () =>
          fail
            ? apiError(500, 'INTERNAL', 'Something went wrong')
            : json({ requests: [bookingFixture()] }),
      },
    });
    const { user } = renderApp('/my-shows');
    const alert = await within(await section()).findByRole('alert');
    expect(alert.textContent).toContain('We could not load your booking requests.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await card('Blue Room')).toBeTruthy();
  });

  it('withdraws a request only after the confirmation', async () => {
    const fetchMock = stubBookings('performer', {
      requests: [bookingFixture({ status: 'held' })],
    });
    const { user } = renderApp('/my-shows');
    const WITHDRAW = 'POST /api/booking-requests/request-1/withdraw';
    await user.click(within(await card('Blue Room')).getByRole('button', { name: 'Withdraw' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Withdraw this request?' });
    expect(dialog.textContent).toContain('Blue Room will no longer hold Fri, Mar 6, 2099');
    await user.click(within(dialog).getByRole('button', { name: 'Keep Request' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(fetchMock, WITHDRAW)).toHaveLength(0);

    await user.click(within(await card('Blue Room')).getByRole('button', { name: 'Withdraw' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Withdraw this request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw Request' }));
    expect(await screen.findByText('Request withdrawn')).toBeTruthy();
    await waitFor(async () => expect((await card('Blue Room')).textContent).toContain('Withdrawn'));
    expect(within(await card('Blue Room')).queryByRole('button')).toBeNull();
    expect(callsTo(fetchMock, WITHDRAW)).toHaveLength(1);
  });
});
