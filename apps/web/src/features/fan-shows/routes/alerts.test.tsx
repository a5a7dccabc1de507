import type { TAlertFeedItem } from '@encore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json } from '@/testing/stub-api';
import { alertItem, detailFor, faces, feed, pastShow, stubFan } from '../testing/fixtures';

const card = (name: string) => screen.getByRole('article', { name });

describe('Your Alerts', () => {
  it('shows each show’s performer, venue, local time, city, why it is here and who is going', async () => {
    stubFan({
      'GET /api/fan/alerts': () =>
        json(
          feed([
            alertItem(
              { attendingCount: 12 },
              {
                faces: faces(4),
                reason: {
                  watching: true,
                  nearby: {
                    genre: 'Rock',
                    distanceMiles: 12.34,
                    radiusMiles: 25,
                    home: 'Brooklyn, NY',
                  },
                },
              },
            ),
          ]),
        ),
    });
    renderApp('/alerts');
    expect(await screen.findByRole('heading', { name: 'Your Alerts', level: 1 })).toBeTruthy();
    const show = await screen.findByRole('article', { name: 'Night Static' });
    expect(within(show).getByRole('link', { name: 'Night Static' }).getAttribute('href')).toBe(
      '/artists/artist-1',
    );
    expect(within(show).getByRole('link', { name: 'The Lantern' }).getAttribute('href')).toBe(
      '/venues/venue-1',
    );
    expect(show.textContent).toContain('Chicago, IL');
    expect(show.textContent).toContain('Fri, Dec 11, 2099, 8:00 PM CST');
    expect(show.textContent).toContain('You watch Night Static');
    expect(show.textContent).toContain(
      'Rock show 12.3 mi from Brooklyn, NY — within your 25 mi radius',
    );
    expect(within(show).getByText('12 going')).toBeTruthy();
    const going = within(show).getByRole('list', { name: 'Fans going' });
    expect(within(going).getAllByRole('img')).toHaveLength(4);
    expect(within(going).getByText('+8 more')).toBeTruthy();
    const tickets = within(show).getByRole('link', {
      name: 'Purchase Ticket(s) on tickets.example.com',
    });
    // Through Encore's counted redirect, which sends the fan on to the show's ticket URL.
    expect(tickets.getAttribute('href')).toBe('/go/ticket/show-1');
    expect(tickets.getAttribute('target')).toBe('_blank');
    expect(tickets.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('names a venue that is not on Encore without a link, and has no ticket link without a URL', async () => {
    stubFan({
      'GET /api/fan/alerts': () =>
        json(
          feed([
            alertItem(
              { ...pastShow(), startsAt: '2099-06-07T01:30:00.000Z', ticketUrl: null },
              {
                reason: {
                  watching: false,
                  nearby: { genre: 'Jazz', distanceMiles: 4, radiusMiles: 10, home: 'Queens, NY' },
                },
              },
            ),
          ]),
        ),
    });
    renderApp('/alerts');
    const show = await screen.findByRole('article', { name: 'Jazz Cats' });
    expect(show.textContent).toContain('Blue Room, New York, NY');
    expect(within(show).queryByRole('link', { name: 'Blue Room' })).toBeNull();
    expect(show.textContent).toContain('Jazz show 4 mi from Queens, NY — within your 10 mi radius');
    expect(show.textContent).not.toContain('You watch');
    expect(show.textContent).toContain('Nobody going yet');
    expect(within(show).queryByRole('link', { name: /^Purchase Ticket\(s\)/ })).toBeNull();
  });

  it('toggles Going on the server', async () => {
    let item: TAlertFeedItem = alertItem();
    const fetchMock = stubFan({
      'GET /api/fan/alerts': () => json(feed([item])),
      'PUT /api/shows/show-1/attendance': ({ body }) => {
        const status = (body as { status: 'going' | null }).status;
        item = { ...item, myAttendance: status };
        return json(detailFor('show-1', status));
      },
    });
    const { user } = renderApp('/alerts');
    const going = await screen.findByRole('button', { name: 'Going' });
    expect(going.getAttribute('aria-pressed')).toBe('false');
    await user.click(going);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Going' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Going' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Going' }).getAttribute('aria-pressed')).toBe(
        'false',
      ),
    );
    expect(callsTo(fetchMock, 'PUT /api/shows/show-1/attendance')).toEqual([
      { status: 'going' },
      { status: null },
    ]);
  });

  it('loads more with the cursor of the previous page, until there is none', async () => {
    const fetchMock = stubFan({
      'GET /api/fan/alerts': ({ query }) =>
        query.get('cursor') === 'page-2'
          ? json(feed([alertItem({ id: 'show-2', performer: pastShow().performer })]))
          : json(feed([alertItem()], 'page-2')),
    });
    const { user } = renderApp('/alerts');
    await screen.findByRole('article', { name: 'Night Static' });
    expect(screen.queryByRole('article', { name: 'Jazz Cats' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Jazz Cats' })).toBeTruthy();
    expect(card('Night Static')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const urls = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/fan/alerts');
    expect(urls.map((url) => url.searchParams.get('cursor'))).toEqual([null, 'page-2']);
  });

  it('Connect with Attendees lists the fans going I may see, and Add sends a request', async () => {
    const attendee = (id: string, name: string, relation: string, canRequest: boolean) => ({
      id,
      username: id,
      name,
      photoUrl: null,
      city: 'Chicago',
      relation,
      canRequest,
    });
    const fetchMock = stubFan({
      'GET /api/fan/alerts': () => json(feed([alertItem()])),
      'GET /api/shows/show-1/attendees': () =>
        json({
          total: 5,
          hidden: 2,
          attendees: [
            attendee('fan-2', 'Sam Rivera', 'pals', false),
            attendee('fan-3', 'Kim Park', 'none', true),
            attendee('fan-4', 'Jo Lin', 'none', false),
          ],
        }),
      'POST /api/social/requests': () => json({ relation: 'requested' }),
    });
    const { user } = renderApp('/alerts');
    const show = await screen.findByRole('article', { name: 'Night Static' });
    // Nothing is fetched until the dialog opens.
    expect(callsTo(fetchMock, 'GET /api/shows/show-1/attendees')).toHaveLength(0);
    await user.click(within(show).getByRole('button', { name: 'Connect with Attendees' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect with Attendees' });
    const list = await within(dialog).findByRole('list', { name: 'Fans going' });
    expect(within(list).getByRole('article', { name: 'Sam Rivera' }).textContent).toContain('Pals');
    expect(within(list).queryByRole('button', { name: 'Add Jo Lin' })).toBeNull();
    expect(within(dialog).getByText('2 more fans keep their attendance private.')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Add Kim Park' }));
    expect(await screen.findByText('Request sent to Kim Park')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/social/requests')).toEqual([{ fanId: 'fan-3' }]);
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /api/shows/show-1/attendees')).toHaveLength(2),
    );
  });

  it('explains what fills the page when it is empty', async () => {
    stubFan({ 'GET /api/fan/alerts': () => json(feed([])) });
    renderApp('/alerts');
    expect(await screen.findByText(/artists you watch/)).toBeTruthy();
    expect(screen.getByText(/favourite genres within your radius/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Discover Artists' }).getAttribute('href')).toBe(
      '/discovery',
    );
    expect(screen.getByRole('link', { name: 'Change radius or genres' }).getAttribute('href')).toBe(
      '/settings/fan',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when the alerts could not be loaded, and retries', async () => {
    let fail = true;
    stubFan({
      'GET /api/fan/alerts': () =>
        fail ? apiError(500, 'INTERNAL', 'Something went wrong') : json(feed([alertItem()])),
    });
    const { user } = renderApp('/alerts');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your alerts. Something went wrong');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Night Static' })).toBeTruthy();
  });
});
