import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json, sessionUser, stubApi } from '@/testing/stub-api';
import { showFixture, stubOwner } from '../testing/fixtures';

const card = (name: string) => screen.getByRole('article', { name });

describe('Your Shows', () => {
  it('lists upcoming and past shows with status and the venue’s local time', async () => {
    stubOwner('venue', [
      showFixture({ id: 'a', status: 'on_sale' }),
      showFixture({
        id: 'b',
        performer: { id: 'p2', name: 'Jazz Cats', photoUrl: null, genres: [] },
        startsAt: '2099-07-04T23:30:00.000Z',
        timeZone: 'America/New_York',
        status: 'cancelled',
        priceMin: null,
        priceMax: null,
      }),
      showFixture({
        id: 'c',
        performer: { id: 'p3', name: 'Old Timers', photoUrl: null, genres: [] },
        startsAt: '2020-03-01T03:00:00.000Z',
      }),
    ]);
    renderApp('/my-shows');
    await screen.findByRole('heading', { name: 'Your Shows', level: 1 });
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    const past = screen.getByRole('region', { name: 'Past' });

    const owls = within(upcoming).getByRole('article', { name: 'The Night Owls' });
    expect(owls.textContent).toContain('On Sale');
    expect(owls.textContent).toContain('Fri, Dec 11, 2099, 8:00 PM CST');
    expect(owls.textContent).toContain('$20–$35');
    expect(owls.textContent).toContain('3 fans going');
    expect(within(owls).getByRole('link', { name: 'The Night Owls' }).getAttribute('href')).toBe(
      '/shows/a',
    );
    expect(within(owls).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      '/my-shows/a/edit',
    );

    const cats = within(upcoming).getByRole('article', { name: 'Jazz Cats' });
    expect(cats.textContent).toContain('Cancelled');
    expect(cats.textContent).toContain('Sat, Jul 4, 2099, 7:30 PM EDT');
    expect(within(cats).queryByRole('button', { name: 'Cancel' })).toBeNull();

    const old = within(past).getByRole('article', { name: 'Old Timers' });
    expect(within(old).getByRole('link', { name: 'Enter results' }).getAttribute('href')).toBe(
      '/my-shows/c/edit#results',
    );
    expect(within(old).queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('offers results to the performer only when the venue is not on Encore', async () => {
    const started = '2020-03-01T03:00:00.000Z';
    stubOwner('performer', [
      showFixture({ id: 'at-encore-venue', startsAt: started }),
      showFixture({
        id: 'at-external-venue',
        performer: { id: 'performer-1', name: 'Off The Grid', photoUrl: null, genres: [] },
        venue: { ...showFixture().venue, id: null, name: 'The Barn' },
        startsAt: started,
        confirmation: { state: 'confirmed', partyId: null },
      }),
    ]);
    renderApp('/my-shows');
    const encoreVenue = await screen.findByRole('article', { name: 'The Night Owls' });
    expect(within(encoreVenue).queryByRole('link', { name: 'Enter results' })).toBeNull();
    const external = card('Off The Grid');
    expect(within(external).getByRole('link', { name: 'Enter results' }).getAttribute('href')).toBe(
      '/my-shows/at-external-venue/edit#results',
    );
  });

  it('shows entered results, merch revenue only when entered', async () => {
    const started = '2020-03-01T03:00:00.000Z';
    stubOwner('venue', [
      showFixture({ startsAt: started, attendance: 250, grossRevenue: 5000, merchRevenue: 640 }),
      showFixture({
        id: 'no-merch',
        performer: { id: 'p2', name: 'Jazz Cats', photoUrl: null, genres: [] },
        startsAt: started,
        attendance: 90,
        grossRevenue: 1800,
      }),
    ]);
    renderApp('/my-shows');
    const owls = await screen.findByRole('article', { name: 'The Night Owls' });
    expect(owls.textContent).toContain('Attendance 250 · Gross $5,000.00 · Merch $640.00');
    const cats = card('Jazz Cats');
    expect(cats.textContent).toContain('Attendance 90 · Gross $1,800.00');
    expect(cats.textContent).not.toContain('Merch');
  });

  it('cancels a show only after the confirmation', async () => {
    let shows = [showFixture()];
    const fetchMock = stubOwner('performer', [], {
      'GET /api/shows/mine': () => json({ shows }),
      'POST /api/shows/show-1/cancel': () => {
        shows = [showFixture({ status: 'cancelled' })];
        return json({ show: shows[0] });
      },
    });
    const { user } = renderApp('/my-shows');
    await screen.findByRole('article', { name: 'The Night Owls' });
    await user.click(within(card('The Night Owls')).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this show?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep Show' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/shows/show-1/cancel')).toHaveLength(0);

    await user.click(within(card('The Night Owls')).getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel Show' }));
    expect(await screen.findByText('Show cancelled')).toBeTruthy();
    await waitFor(() => expect(card('The Night Owls').textContent).toContain('Cancelled'));
    expect(callsTo(fetchMock, 'POST /api/shows/show-1/cancel')).toHaveLength(1);
  });

  it('forgets a date typed into a dismissed postpone dialog', async () => {
    const fetchMock = stubOwner('performer', [showFixture()]);
    const { user } = renderApp('/my-shows');
    await screen.findByRole('article', { name: 'The Night Owls' });
    const postpone = () => within(card('The Night Owls')).getByRole('button', { name: 'Postpone' });
    await user.click(postpone());
    const field = await screen.findByLabelText('New Date and Time');
    await user.type(field, '2099-12-31T20:00');
    await user.click(screen.getByRole('button', { name: 'Keep Date' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(postpone());
    expect((await screen.findByLabelText<HTMLInputElement>('New Date and Time')).value).toBe('');
    expect(callsTo(fetchMock, 'POST /api/shows/show-1/postpone')).toHaveLength(0);
  });

  it('says when there are no shows yet, and links to the announce form', async () => {
    stubOwner('venue');
    renderApp('/my-shows');
    expect(await screen.findByRole('heading', { name: 'No shows yet' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Announce a Show' });
    expect(link.getAttribute('href')).toBe('/my-shows/new');
  });

  it('says when the shows could not be loaded', async () => {
    stubOwner('venue', [], {
      'GET /api/shows/mine': () => apiError(500, 'INTERNAL', 'Something went wrong'),
    });
    renderApp('/my-shows');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your shows.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it.each([
    ['performer', '/performer-dashboard'],
    ['venue', '/venue-dashboard'],
  ] as const)('the %s dashboard links to My Shows', async (role, dashboard) => {
    stubOwner(role);
    renderApp(dashboard);
    const link = await screen.findByRole('link', { name: 'My Shows' });
    expect(link.getAttribute('href')).toBe('/my-shows');
  });

  it('sends fans home', async () => {
    stubApi({
      'GET /api/account/session': () => json({ user: sessionUser({ profileComplete: true }) }),
    });
    const { router } = renderApp('/my-shows');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
