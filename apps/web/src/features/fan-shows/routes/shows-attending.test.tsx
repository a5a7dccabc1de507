import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json } from '@/testing/stub-api';
import { detailFor, fanShow, pastShow, stubFan } from '../testing/fixtures';

describe('Shows Attending', () => {
  it('lists the shows the fan is going to, cancelled ones badged, each linking to its page', async () => {
    stubFan({
      'GET /api/fan/shows-attending': () =>
        json({
          shows: [
            fanShow(),
            fanShow({ ...pastShow(), startsAt: '2099-12-20T01:00:00.000Z', status: 'cancelled' }),
          ],
        }),
    });
    renderApp('/shows-attending');
    expect(await screen.findByRole('heading', { name: 'Shows Attending', level: 1 })).toBeTruthy();
    const owls = await screen.findByRole('article', { name: 'Night Static' });
    expect(owls.textContent).toContain('Fri, Dec 11, 2099, 8:00 PM CST');
    expect(owls.textContent).not.toContain('Cancelled');
    expect(within(owls).getAllByRole('link')[0]?.getAttribute('href')).toBe('/shows/show-1');
    const cats = screen.getByRole('article', { name: 'Jazz Cats' });
    expect(cats.textContent).toContain('Cancelled');
    expect(cats.textContent).toContain('Blue Room, New York, NY');
  });

  it('takes a show off with Not going', async () => {
    let shows = [fanShow()];
    const fetchMock = stubFan({
      'GET /api/fan/shows-attending': () => json({ shows }),
      'PUT /api/shows/show-1/attendance': () => {
        shows = [];
        return json(detailFor('show-1', null));
      },
    });
    const { user } = renderApp('/shows-attending');
    const row = await screen.findByRole('article', { name: 'Night Static' });
    await user.click(within(row).getByRole('button', { name: 'Not going' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Night Static' })).toBeNull());
    expect(callsTo(fetchMock, 'PUT /api/shows/show-1/attendance')).toEqual([{ status: null }]);
    expect(await screen.findByRole('heading', { name: 'No shows planned yet' })).toBeTruthy();
  });

  it('points to the alerts when there are no shows', async () => {
    stubFan({ 'GET /api/fan/shows-attending': () => json({ shows: [] }) });
    renderApp('/shows-attending');
    expect(await screen.findByRole('heading', { name: 'No shows planned yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your alerts' }).getAttribute('href')).toBe(
      '/alerts',
    );
  });

  it('says when the shows could not be loaded', async () => {
    stubFan({
      'GET /api/fan/shows-attending': () => apiError(500, 'INTERNAL', 'Something went wrong'),
    });
    renderApp('/shows-attending');
    // The calendar feed card beside it may have its own error: look inside this one.
    const message = await screen.findByText(/We could not load your shows\./);
    const alert = message.closest<HTMLElement>('[role="alert"]');
    expect(alert).toBeTruthy();
    expect(within(alert as HTMLElement).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
