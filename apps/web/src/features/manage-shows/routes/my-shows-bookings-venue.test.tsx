import { BOOKING_NOTE_MAX } from '@encore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json } from '@/testing/stub-api';
import { bookingFixture, stubBookings } from '../testing/booking-fixtures';

const section = () => screen.findByRole('region', { name: 'Booking requests' });
const card = async (name: string) => within(await section()).findByRole('article', { name });

const held = bookingFixture({ id: 'request-2', performerName: 'Glass Harbor', status: 'held' });

describe('My Shows › Booking requests (venue)', () => {
  it('lists received requests, open ones first and newest first, with their state', async () => {
    const fetchMock = stubBookings('venue', {
      requests: [
        bookingFixture({
          id: 'old-pending',
          performerName: 'Old Pending',
          createdAt: '2099-01-01T00:00:00.000Z',
        }),
        bookingFixture({
          id: 'new-declined',
          performerName: 'New Declined',
          status: 'declined',
          createdAt: '2099-01-20T00:00:00.000Z',
        }),
        bookingFixture({
          id: 'new-held',
          performerName: 'New Held',
          status: 'held',
          createdAt: '2099-01-15T00:00:00.000Z',
        }),
        bookingFixture({
          id: 'confirmed',
          performerName: 'Done Deal',
          performerId: 'performer-9',
          status: 'confirmed',
          showId: 'show-9',
          createdAt: '2099-01-10T00:00:00.000Z',
        }),
      ],
    });
    renderApp('/my-shows');
    const list = await section();
    await within(list).findByRole('article', { name: 'New Held' });
    const names = within(list)
      .getAllByRole('article')
      .map((a) => within(a).getByRole('heading').textContent);
    expect(names).toEqual(['New Held', 'Old Pending', 'New Declined', 'Done Deal']);

    const pending = await card('Old Pending');
    expect(pending.textContent).toContain('Requested');
    expect(pending.textContent).toContain('Fri, Mar 6, 2099');
    expect(pending.textContent).toContain('would love to play your room');
    expect(within(pending).getByRole('link', { name: 'Old Pending' }).getAttribute('href')).toBe(
      '/artists/performer-1',
    );
    expect(within(pending).getByRole('button', { name: 'Hold date' })).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Decline' })).toBeTruthy();

    const heldCard = await card('New Held');
    expect(heldCard.textContent).toContain('Date held');
    expect(within(heldCard).getByRole('button', { name: 'Confirm as show' })).toBeTruthy();
    expect(within(heldCard).getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(within(heldCard).queryByRole('button', { name: 'Hold date' })).toBeNull();

    const declined = await card('New Declined');
    expect(declined.textContent).toContain('Declined');
    expect(within(declined).queryByRole('button')).toBeNull();

    const confirmed = await card('Done Deal');
    expect(confirmed.textContent).toContain('Confirmed');
    expect(within(confirmed).getByRole('link', { name: 'View show' }).getAttribute('href')).toBe(
      '/shows/show-9',
    );
    // The page's loader prefetches the list with the hook's own query: one request, not two.
    expect(callsTo(fetchMock, 'GET /api/booking-requests')).toHaveLength(1);
  });

  it('collapses a long message and expands it on request', async () => {
    const message = `Hello,\n\n${'We draw a loyal crowd. '.repeat(20)}\n\nThanks!`;
    stubBookings('venue', { requests: [bookingFixture({ message })] });
    const { user } = renderApp('/my-shows');
    const request = await card('Velvet Static');
    const toggle = within(request).getByRole('button', { name: 'Show full message' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    const less = within(request).getByRole('button', { name: 'Show less' });
    expect(less.getAttribute('aria-expanded')).toBe('true');
  });

  it('says what to do when no request has come in', async () => {
    stubBookings('venue');
    renderApp('/my-shows');
    const list = await section();
    expect(
      await within(list).findByText(
        'No booking requests yet. Performers on Encore can ask you for a date from their tour plans.',
      ),
    ).toBeTruthy();
  });

  it('says when the requests could not be loaded, and loads them on retry', async () => {
    let fail = true;
    stubBookings('venue', {
      requests: [bookingFixture()],
      overrides: {
        'GET /api/booking-requests': () =>
          fail
            ? apiError(500, 'INTERNAL', 'Something went wrong')
            : json({ requests: [bookingFixture()] }),
      },
    });
    const { user } = renderApp('/my-shows');
    const list = await section();
    const alert = await within(list).findByRole('alert');
    expect(alert.textContent).toContain('We could not load your booking requests.');
    // The shows still load: one list failing does not hide the other.
    expect(await screen.findByRole('heading', { name: 'No shows yet' })).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await card('Velvet Static')).toBeTruthy();
    expect(within(list).queryByRole('alert')).toBeNull();
  });

  it('holds the date of a pending request', async () => {
    const fetchMock = stubBookings('venue', { requests: [bookingFixture()] });
    const { user } = renderApp('/my-shows');
    await user.click(
      within(await card('Velvet Static')).getByRole('button', { name: 'Hold date' }),
    );
    expect(await screen.findByText('Date held', { selector: '[data-title]' })).toBeTruthy();
    await waitFor(async () =>
      expect(
        within(await card('Velvet Static')).getByRole('button', { name: 'Confirm as show' }),
      ).toBeTruthy(),
    );
    expect(callsTo(fetchMock, 'POST /api/booking-requests/request-1/accept')).toHaveLength(1);
    // 'Hold date' is gone with the answer: the focus stays on this request, not the page's start.
    const request = await card('Velvet Static');
    expect(document.activeElement).toBe(
      within(request).getByRole('link', { name: 'Velvet Static' }),
    );
  });

  it('declines with a note, counting its characters', async () => {
    const fetchMock = stubBookings('venue', { requests: [bookingFixture()] });
    const { user } = renderApp('/my-shows');
    await user.click(within(await card('Velvet Static')).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this request?' });
    const note = within(dialog).getByLabelText('Note to the performer');
    expect(within(dialog).getByText(`0/${BOOKING_NOTE_MAX}`)).toBeTruthy();
    await user.type(note, 'We are booked that month.');
    expect(within(dialog).getByText(`25/${BOOKING_NOTE_MAX}`)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Decline Request' }));
    expect(await screen.findByText('Request declined')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/booking-requests/request-1/decline')).toEqual([
      { note: 'We are booked that month.' },
    ]);
    const declined = await card('Velvet Static');
    await waitFor(() => expect(declined.textContent).toContain('Declined'));
    expect(within(declined).queryByRole('button', { name: 'Decline' })).toBeNull();
    expect(document.activeElement).toBe(
      within(declined).getByRole('link', { name: 'Velvet Static' }),
    );
  });

  it('declines without a note', async () => {
    const fetchMock = stubBookings('venue', { requests: [held] });
    const { user } = renderApp('/my-shows');
    await user.click(within(await card('Glass Harbor')).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline Request' }));
    expect(await screen.findByText('Request declined')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/booking-requests/request-2/decline')).toEqual([
      { note: null },
    ]);
  });

  it('puts a server field error on the note under the note', async () => {
    stubBookings('venue', {
      requests: [bookingFixture()],
      overrides: {
        'POST /api/booking-requests/request-1/decline': () =>
          apiError(400, 'VALIDATION_FAILED', 'Invalid input', {
            note: 'Keep the note under 500 characters',
          }),
      },
    });
    const { user } = renderApp('/my-shows');
    await user.click(within(await card('Velvet Static')).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this request?' });
    await user.type(within(dialog).getByLabelText('Note to the performer'), 'No.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline Request' }));
    expect(await within(dialog).findByText('Keep the note under 500 characters')).toBeTruthy();
    expect(
      within(dialog).getByLabelText('Note to the performer').getAttribute('aria-invalid'),
    ).toBe('true');
  });
});
