import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json } from '@/testing/stub-api';
import { bookingFixture, stubBookings, venueProfile } from '../testing/booking-fixtures';

const held = bookingFixture({ status: 'held' });
const CONFIRM = 'POST /api/booking-requests/request-1/confirm';

async function openConfirm(user: UserEvent) {
  const list = await screen.findByRole('region', { name: 'Booking requests' });
  const request = await within(list).findByRole('article', { name: 'Velvet Static' });
  await user.click(within(request).getByRole('button', { name: 'Confirm as show' }));
  return screen.findByRole('dialog', { name: 'Confirm as show' });
}

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText<HTMLInputElement>(label);

describe('My Shows › Booking requests › Confirm as show (venue)', () => {
  it('starts at the venue’s typical show time and sends the show’s details', async () => {
    const fetchMock = stubBookings('venue', {
      requests: [held],
      handlers: { 'GET /api/profile/venue': venueProfile('21:30') },
    });
    const { user } = renderApp('/my-shows');
    const dialog = await openConfirm(user);
    await waitFor(() => expect(field(dialog, 'Start Time').value).toBe('21:30'));
    const genres = within(field(dialog, 'Genre')).getAllByRole('option');
    expect(genres.map((o) => o.textContent)).toEqual(['Select a genre', 'Indie', 'Rock']);

    await user.selectOptions(field(dialog, 'Genre'), 'Rock');
    await user.type(field(dialog, 'Ticket Link'), 'https://tickets.example/velvet');
    await user.type(field(dialog, 'Minimum Price'), '15');
    await user.type(field(dialog, 'Maximum Price'), '25.5');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Show' }));

    expect(await screen.findByText('Show confirmed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, CONFIRM)).toEqual([
      {
        startTime: '21:30',
        genre: 'Rock',
        ticketUrl: 'https://tickets.example/velvet',
        priceMin: 15,
        priceMax: 25.5,
      },
    ]);
    const request = await screen.findByRole('article', { name: 'Velvet Static' });
    const show = await within(request).findByRole('link', { name: 'View show' });
    expect(show.getAttribute('href')).toBe('/shows/show-from-request-1');
    expect(request.textContent).toContain('Confirmed');
  });

  it('starts at 20:00 without a typical show time, and needs no choice for a single genre', async () => {
    const fetchMock = stubBookings('venue', {
      requests: [bookingFixture({ status: 'held', performerGenres: ['Jazz'] })],
      handlers: { 'GET /api/profile/venue': () => json({ profile: null }) },
    });
    const { user } = renderApp('/my-shows');
    const dialog = await openConfirm(user);
    expect(field(dialog, 'Start Time').value).toBe('20:00');
    expect(field(dialog, 'Genre').value).toBe('Jazz');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Show' }));
    expect(await screen.findByText('Show confirmed')).toBeTruthy();
    expect(callsTo(fetchMock, CONFIRM)).toEqual([
      { startTime: '20:00', genre: 'Jazz', ticketUrl: null, priceMin: null, priceMax: null },
    ]);
  });

  it('checks the form with the contract before sending', async () => {
    const fetchMock = stubBookings('venue', {
      requests: [held],
      handlers: { 'GET /api/profile/venue': venueProfile('20:00') },
    });
    const { user } = renderApp('/my-shows');
    const dialog = await openConfirm(user);
    await user.clear(field(dialog, 'Start Time'));
    await user.type(field(dialog, 'Ticket Link'), 'tickets please');
    await user.type(field(dialog, 'Minimum Price'), '30');
    await user.type(field(dialog, 'Maximum Price'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Show' }));

    expect(await within(dialog).findByText('Use a time such as 20:00')).toBeTruthy();
    expect(within(dialog).getByText('Please choose a genre')).toBeTruthy();
    expect(
      within(dialog).getByText('Please enter a valid URL starting with https://'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Maximum price must be at least the minimum')).toBeTruthy();
    for (const label of ['Start Time', 'Genre', 'Ticket Link', 'Maximum Price']) {
      expect(field(dialog, label).getAttribute('aria-invalid'), label).toBe('true');
    }
    expect(callsTo(fetchMock, CONFIRM)).toHaveLength(0);
  });

  it('puts the server’s field errors under their fields', async () => {
    stubBookings('venue', {
      requests: [held],
      handlers: { 'GET /api/profile/venue': venueProfile('20:00') },
      overrides: {
        [CONFIRM]: () =>
          apiError(400, 'VALIDATION_FAILED', 'Invalid input', {
            ticketUrl: 'That ticket link does not answer',
          }),
      },
    });
    const { user } = renderApp('/my-shows');
    const dialog = await openConfirm(user);
    await user.selectOptions(field(dialog, 'Genre'), 'Indie');
    await user.type(field(dialog, 'Ticket Link'), 'https://tickets.example/x');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Show' }));
    expect(await within(dialog).findByText('That ticket link does not answer')).toBeTruthy();
    expect(field(dialog, 'Ticket Link').getAttribute('aria-invalid')).toBe('true');
  });

  it('forgets a dismissed draft', async () => {
    stubBookings('venue', {
      requests: [held],
      handlers: { 'GET /api/profile/venue': venueProfile('19:00') },
    });
    const { user } = renderApp('/my-shows');
    let dialog = await openConfirm(user);
    await waitFor(() => expect(field(dialog, 'Start Time').value).toBe('19:00'));
    await user.type(field(dialog, 'Minimum Price'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openConfirm(user);
    expect(field(dialog, 'Minimum Price').value).toBe('');
  });
});
