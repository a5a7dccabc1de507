import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { json, sessionUser, stubApi } from '@/testing/stub-api';
import { artistPage, show, venuePage } from '../testing/fixtures';

describe('artist page', () => {
  it('shows the profile and lists upcoming shows linking to their pages', async () => {
    stubApi({
      'GET /api/artists/artist-1': () =>
        json(
          artistPage({
            upcoming: [show(), show({ id: 'show-2', venue: { ...show().venue, name: 'Metro' } })],
          }),
        ),
    });
    renderApp('/artists/artist-1');
    expect(await screen.findByRole('heading', { name: 'Night Static', level: 1 })).toBeTruthy();
    expect(screen.getByText('On Tour')).toBeTruthy();
    expect(screen.getByText(/1,204 followers/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Instagram/ }).getAttribute('href')).toBe(
      'https://www.instagram.com/nightstatic/',
    );
    const upcoming = screen.getByRole('region', { name: 'Upcoming Shows' });
    const links = within(upcoming).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/shows/show-1', '/shows/show-2']);
    expect(within(upcoming).getByText(/Metro/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login to set an alert' })).toBeTruthy();
  });

  it('marks the shows the artist plays as a supporting act', async () => {
    const headliner = { id: 'artist-9', name: 'Big Sky', photoUrl: null, genres: ['Rock'] };
    stubApi({
      'GET /api/artists/artist-1': () =>
        json(
          artistPage({
            upcoming: [
              show(),
              show({
                id: 'show-2',
                performer: headliner,
                supportingActs: [{ name: 'Night Static', performerId: 'artist-1' }],
              }),
            ],
          }),
        ),
    });
    renderApp('/artists/artist-1');
    const upcoming = await screen.findByRole('region', { name: 'Upcoming Shows' });
    const [own, support] = within(upcoming).getAllByRole('link');
    expect(own?.textContent).not.toContain('Supporting');
    expect(support?.textContent).toContain('Big Sky');
    expect(support?.textContent).toContain('Supporting');
  });

  it('says when there are no upcoming shows, and hides Set Alert from venues', async () => {
    stubApi({
      'GET /api/account/session': () =>
        json({ user: sessionUser({ role: 'venue', profileComplete: true }) }),
      'GET /api/artists/artist-1': () => json(artistPage({ upcoming: [] })),
    });
    renderApp('/artists/artist-1');
    expect(await screen.findByText('No upcoming shows yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set Alert' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Login to set an alert' })).toBeNull();
  });
});

describe('venue page', () => {
  it('shows the venue’s profile and its empty upcoming list', async () => {
    stubApi({ 'GET /api/venues/venue-1': () => json(venuePage()) });
    renderApp('/venues/venue-1');
    expect(await screen.findByRole('heading', { name: 'The Lantern', level: 1 })).toBeTruthy();
    expect(screen.getByText('Capacity 450')).toBeTruthy();
    expect(screen.getByText('21+')).toBeTruthy();
    expect(screen.getByText('Parking')).toBeTruthy();
    expect(screen.getByText('No upcoming shows yet')).toBeTruthy();
  });
});
