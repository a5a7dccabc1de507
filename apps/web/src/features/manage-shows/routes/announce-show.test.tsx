import { SHOW_MESSAGES as S } from '@encore/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json } from '@/testing/stub-api';
import { NEXT_YEAR, showFixture, stubOwner } from '../testing/fixtures';

const START = `${NEXT_YEAR}-06-01T20:00`;
const ON_SALE = `${NEXT_YEAR}-05-01T10:00`;

const venues = [
  { id: 'venue-9', name: 'Blue Room', detail: 'Austin, TX', photoUrl: null },
  { id: 'venue-8', name: 'Blue Note', detail: 'New York, NY', photoUrl: null },
];

function stubAnnounce(role: 'performer' | 'venue' = 'performer') {
  return stubOwner(role, [], {
    'GET /api/directory/venues': () => json({ results: venues }),
    'GET /api/directory/performers': (request) =>
      json({
        results: request.query.get('q')
          ? [{ id: 'performer-7', name: 'Jazz Cats', detail: 'Jazz', photoUrl: null }]
          : [],
      }),
    'POST /api/shows': () => json({ show: showFixture() }, 201),
  });
}

const setDate = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });

async function openForm(role: 'performer' | 'venue' = 'performer') {
  const fetchMock = stubAnnounce(role);
  const view = renderApp('/my-shows/new');
  await screen.findByRole('heading', { name: 'Announce a Show', level: 1 });
  return { fetchMock, ...view };
}

function errorOf(label: string) {
  const input = screen.getByLabelText(label);
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('Announce a Show', () => {
  it('refuses a past date, a negative price, min above max and a bad URL', async () => {
    const { user, fetchMock } = await openForm();
    setDate('Date and Time', '2020-01-01T20:00');
    await user.type(screen.getByLabelText('Ticket Link'), 'tickets');
    await user.type(screen.getByLabelText('Minimum Price'), '-5');
    await user.click(screen.getByRole('button', { name: 'Announce Show' }));
    expect(await screen.findByText(S.dateInFuture)).toBeTruthy();
    expect(errorOf('Minimum Price')).toContain(S.priceNegative);
    expect(errorOf('Ticket Link')).toContain(S.url);
    expect(errorOf('Venue')).toContain(S.venueRequired);
    expect(screen.getByLabelText('Date and Time').getAttribute('aria-invalid')).toBe('true');

    // Fix the date, the link and the venue: the price order is checked next.
    setDate('Date and Time', START);
    await user.clear(screen.getByLabelText('Ticket Link'));
    await user.clear(screen.getByLabelText('Minimum Price'));
    await user.type(screen.getByLabelText('Minimum Price'), '40');
    await user.type(screen.getByLabelText('Maximum Price'), '30');
    await user.click(screen.getByLabelText('Venue not on Encore'));
    await user.type(screen.getByLabelText('Venue Name'), 'Backyard');
    await user.click(screen.getByRole('button', { name: 'Announce Show' }));
    expect(await screen.findByText(S.priceOrder)).toBeTruthy();
    expect(errorOf('Maximum Price')).toContain(S.priceOrder);
    expect(callsTo(fetchMock, 'POST /api/shows')).toHaveLength(0);
  });

  it('flags every empty required field on the first submit', async () => {
    // The venue's message used to wait for the date to be valid (the next submit).
    const { user, fetchMock } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Announce Show' }));
    await waitFor(() => expect(errorOf('Date and Time')).toContain(S.dateRequired));
    expect(errorOf('Venue')).toContain(S.venueRequired);
    expect(callsTo(fetchMock, 'POST /api/shows')).toHaveLength(0);
  });

  it('flags an empty date and venue address together for a venue not on Encore', async () => {
    const { user, fetchMock } = await openForm();
    await user.click(screen.getByLabelText('Venue not on Encore'));
    await user.click(screen.getByRole('button', { name: 'Announce Show' }));
    await waitFor(() => expect(errorOf('Date and Time')).toContain(S.dateRequired));
    expect(errorOf('Venue Name')).toContain(S.venueRequired);
    expect(errorOf('City')).toContain('City is required');
    expect(errorOf('ZIP Code')).toContain('ZIP must be 5 digits');
    expect(callsTo(fetchMock, 'POST /api/shows')).toHaveLength(0);
  });

  it('refuses a year past the window with the contract’s message under the field', async () => {
    // A datetime-local input drops February 30 or month 13 itself (value sanitisation), but it
    // takes any year up to 275760: the contract's window is what the form meets.
    const { user, fetchMock } = await openForm();
    setDate('Date and Time', '9999-12-31T23:59');
    await user.click(screen.getByRole('button', { name: 'Announce Show' }));
    await waitFor(() => expect(errorOf('Date and Time')).toContain(S.dateTooFar));
    expect(callsTo(fetchMock, 'POST /api/shows')).toHaveLength(0);
  });

  it('announces a performer’s show at a venue on Encore', async () => {
    const { user, fetchMock, router } = await openForm();
    const venue = screen.getByRole('combobox', { name: 'Venue' });
    await user.type(venue, 'Blue');
    await user.click(await screen.findByRole('option', { name: /Blue Room/ }));
    expect((venue as HTMLInputElement).value).toBe('Blue Room');
    setDate('Date and Time', START);
    await user.type(screen.getByLabelText('Ticket Link'), 'https://tickets.example/x');
    await user.type(screen.getByLabelText('Minimum Price'), '15');
    await user.type(screen.getByLabelText('Maximum Price'), '25.5');
    setDate('On-Sale Date and Time', ON_SALE);
    await user.type(screen.getByLabelText('Supporting Acts'), 'Opener One');
    await user.click(await screen.findByRole('option', { name: /Add ‘Opener One’ as a name/ }));
    await user.type(screen.getByLabelText('Supporting Acts'), 'Jazz');
    await user.click(await screen.findByRole('option', { name: /Jazz Cats/ }));
    await user.click(screen.getByRole('button', { name: 'Remove Opener One' }));
    await user.selectOptions(screen.getByLabelText('Genre'), 'Jazz');
    await user.click(screen.getByRole('button', { name: 'Announce Show' }));

    expect(await screen.findByText(S.announcedTitle)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-shows'));
    expect(callsTo(fetchMock, 'POST /api/shows')).toEqual([
      {
        performerId: 'performer-1',
        venueId: 'venue-9',
        externalVenue: null,
        startsAtLocal: START,
        ticketUrl: 'https://tickets.example/x',
        priceMin: 15,
        priceMax: 25.5,
        onSaleAtLocal: ON_SALE,
        supportingActs: [{ performerId: 'performer-7' }],
        genre: 'Jazz',
      },
    ]);
  });

  it('announces a performer’s show at a venue not on Encore', async () => {
    const { user, fetchMock } = await openForm();
    await user.click(screen.getByLabelText('Venue not on Encore'));
    expect(screen.queryByRole('combobox', { name: 'Venue' })).toBeNull();
    await user.type(screen.getByLabelText('Venue Name'), 'The Backyard');
    await user.type(screen.getByLabelText('Street Address'), '400 Elm Street');
    await user.type(screen.getByLabelText('City'), 'Austin');
    await user.type(screen.getByLabelText('State'), 'tx');
    await user.type(screen.getByLabelText('ZIP Code'), '78702');
    setDate('Date and Time', START);
    await user.click(screen.getByRole('button', { name: 'Announce Show' }));
    await screen.findByText(S.announcedTitle);
    expect(callsTo(fetchMock, 'POST /api/shows')).toEqual([
      {
        performerId: 'performer-1',
        venueId: null,
        externalVenue: {
          name: 'The Backyard',
          streetAddress: '400 Elm Street',
          city: 'Austin',
          state: 'TX',
          zipCode: '78702',
        },
        startsAtLocal: START,
        ticketUrl: null,
        priceMin: null,
        priceMax: null,
        onSaleAtLocal: null,
        supportingActs: [],
        genre: null,
      },
    ]);
  });

  it('lets a venue book a performer, and shows the server’s field errors', async () => {
    stubOwner('venue', [], {
      'GET /api/directory/performers': () =>
        json({
          results: [{ id: 'performer-7', name: 'Jazz Cats', detail: 'Jazz', photoUrl: null }],
        }),
      'POST /api/shows': () =>
        apiError(400, 'VALIDATION_FAILED', 'Invalid input', { startsAtLocal: S.dateInFuture }),
    });
    const { user } = renderApp('/my-shows/new');
    await user.click(await screen.findByRole('button', { name: 'Announce Show' }));
    expect(await screen.findByText(S.performerRequired)).toBeTruthy();
    expect(screen.queryByLabelText('Venue not on Encore')).toBeNull();

    const performer = screen.getByRole('combobox', { name: 'Performer' });
    await user.type(performer, 'Jaz');
    await screen.findByRole('option', { name: /Jazz Cats/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect((performer as HTMLInputElement).value).toBe('Jazz Cats');
    await waitFor(() => expect(screen.queryByText(S.performerRequired)).toBeNull());
    // Editing the chosen name un-chooses it.
    await user.type(performer, 'z');
    expect(await screen.findByText(S.performerRequired)).toBeTruthy();
    await user.clear(performer);
    await user.type(performer, 'Jaz');
    await user.click(await screen.findByRole('option', { name: /Jazz Cats/ }));
    setDate('Date and Time', START);
    await user.click(screen.getByRole('button', { name: 'Announce Show' }));
    await waitFor(() => expect(errorOf('Date and Time')).toContain(S.dateInFuture));
    expect(screen.queryByText(S.performerRequired)).toBeNull();
  });
});
