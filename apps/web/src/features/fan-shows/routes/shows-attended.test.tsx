import { FAN_PAGE_MESSAGES } from '@encore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json } from '@/testing/stub-api';
import { detailFor, fanShow, home, pastShow, stubFan } from '../testing/fixtures';

const totals = { totalShows: 2, venues: 2, thisYear: 1 };

describe('Shows Attended', () => {
  it('shows the three tiles and the history, most recent first as served', async () => {
    stubFan({
      'GET /api/fan/home': () => json(home()),
      'GET /api/fan/shows-attended': () =>
        json({
          totals,
          shows: [
            fanShow(pastShow(), { myAttendance: 'attended' }),
            fanShow(
              { id: 'show-old', startsAt: '2025-03-01T02:00:00.000Z' },
              { myAttendance: 'attended' },
            ),
          ],
        }),
    });
    renderApp('/shows-attended');
    expect(await screen.findByRole('heading', { name: 'Shows Attended', level: 1 })).toBeTruthy();
    const tiles = await screen.findByRole('list', { name: 'Totals' });
    expect(within(tiles).getByText('Total Shows').parentElement?.textContent).toContain('2');
    expect(within(tiles).getByText('Venues').parentElement?.textContent).toContain('2');
    expect(within(tiles).getByText('This Year').parentElement?.textContent).toContain('1');
    const history = screen.getByRole('region', { name: 'History' });
    const links = within(history).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/shows/show-past',
      '/shows/show-old',
    ]);
    expect(links[0]?.textContent).toContain('Sat, Jun 6, 2026, 9:30 PM EDT');
  });

  it('asks "Did you go?" at the top; yes moves the show into the history', async () => {
    let toConfirm = [fanShow(pastShow())];
    let attended = { totals: { totalShows: 0, venues: 0, thisYear: 0 }, shows: [] as unknown[] };
    const fetchMock = stubFan({
      'GET /api/fan/home': () => json(home({ toConfirm })),
      'GET /api/fan/shows-attended': () => json(attended),
      'PUT /api/shows/show-past/attendance': () => {
        toConfirm = [];
        attended = {
          totals: { totalShows: 1, venues: 1, thisYear: 1 },
          shows: [fanShow(pastShow(), { myAttendance: 'attended' })],
        };
        return json(detailFor('show-past', 'attended'));
      },
    });
    const { user } = renderApp('/shows-attended');
    expect(await screen.findByRole('heading', { name: 'No shows attended yet' })).toBeTruthy();
    const prompts = await screen.findByRole('region', { name: 'Did you go?' });
    await user.click(within(prompts).getByRole('button', { name: 'Yes, I went' }));
    expect(await screen.findByText(FAN_PAGE_MESSAGES.markedAttended)).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/shows/show-past/attendance')).toEqual([
      { status: 'attended' },
    ]);
    const history = await screen.findByRole('region', { name: 'History' });
    expect(history.textContent).toContain('Jazz Cats');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Did you go?' })).toBeNull());
  });

  it('explains the empty history and still shows the history when the prompts fail', async () => {
    stubFan({
      'GET /api/fan/home': () => apiError(500, 'INTERNAL', 'Something went wrong'),
      'GET /api/fan/shows-attended': () =>
        json({ totals: { totalShows: 0, venues: 0, thisYear: 0 }, shows: [] }),
    });
    renderApp('/shows-attended');
    expect(await screen.findByRole('heading', { name: 'No shows attended yet' })).toBeTruthy();
    expect(screen.getByText(/Did you go\?/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your alerts' }).getAttribute('href')).toBe(
      '/alerts',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the history could not be loaded', async () => {
    stubFan({
      'GET /api/fan/home': () => json(home()),
      'GET /api/fan/shows-attended': () => apiError(500, 'INTERNAL', 'Something went wrong'),
    });
    renderApp('/shows-attended');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your history.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
