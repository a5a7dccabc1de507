import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json, type StubRequest } from '@/testing/stub-api';
import {
  artist,
  recommendations,
  recommendedArtist,
  savedAlert,
  spotifyArtist,
  spotifyConnected,
  stubDiscoveryFan,
} from '../testing/fixtures';

const onEncore = spotifyArtist();
const elsewhere = spotifyArtist({
  spotifyId: 'sp-2',
  name: 'Paper Lanterns',
  genre: 'Unknown',
  encoreArtist: null,
});

/** A fan with Spotify connected whose top artists are `top`. */
function connectedFan(extra: Parameters<typeof stubDiscoveryFan>[0] = {}) {
  return stubDiscoveryFan({
    'GET /api/spotify/connection': () => json(spotifyConnected),
    'GET /api/spotify/top-artists': () => json({ artists: [onEncore, elsewhere] }),
    ...extra,
  });
}

describe('Discovery with Spotify connected', () => {
  it('shows Your Top Artists, each on Encore with its alert or said not to be, then recommendations', async () => {
    connectedFan({
      'GET /api/discovery/recommended': () =>
        json(recommendations([recommendedArtist({ id: 'artist-9', name: 'Harbor Lights' })])),
    });
    renderApp('/discovery');
    expect(await screen.findByRole('heading', { name: 'Your Top Artists', level: 2 })).toBeTruthy();
    const top = await screen.findByRole('article', { name: 'Night Static' });
    expect(top.textContent).toContain('Spotify · post-punk');
    expect(within(top).getByRole('link', { name: 'Night Static' }).getAttribute('href')).toBe(
      '/artists/artist-1',
    );
    expect(within(top).getByRole('button', { name: 'Set Alert for Night Static' })).toBeTruthy();
    const notHere = screen.getByRole('article', { name: 'Paper Lanterns' });
    expect(notHere.textContent).toContain('Spotify · Unknown');
    expect(notHere.textContent).toContain('Not on Encore yet');
    expect(within(notHere).queryByRole('button')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Recommended Artists', level: 2 })).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Harbor Lights' })).toBeTruthy();
    const bar = screen.getByRole('complementary', { name: 'Spotify' });
    expect(bar.textContent).toContain('Spotify connected as Riley');
    expect(screen.queryByRole('link', { name: 'Connect Spotify' })).toBeNull();
  });

  it('searches the Spotify library while Search Spotify Library is ticked', async () => {
    const asked: string[] = [];
    const fetchMock = connectedFan({
      'GET /api/spotify/library': ({ query }: StubRequest) => {
        asked.push(query.get('q') ?? '');
        return json({ artists: [elsewhere] });
      },
      'GET /api/discovery/artists': () => json({ results: [artist()] }),
    });
    const { user } = renderApp('/discovery');
    await user.click(await screen.findByRole('checkbox', { name: 'Search Spotify Library' }));
    await user.type(screen.getByRole('searchbox'), 'paper');
    expect(
      await screen.findByRole('heading', { name: 'Spotify Library Results', level: 2 }),
    ).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Paper Lanterns' })).toBeTruthy();
    expect(asked).toEqual(['paper']);
    expect(callsTo(fetchMock, 'GET /api/discovery/artists')).toEqual([]);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 artist found'));

    await user.click(screen.getByRole('checkbox', { name: 'Search Spotify Library' }));
    expect(await screen.findByRole('heading', { name: 'Search Results', level: 2 })).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Night Static' })).toBeTruthy();
  });

  it('asks to reconnect when the grant is dead, and offers to connect again', async () => {
    let connected = true;
    connectedFan({
      'GET /api/spotify/connection': () =>
        json(connected ? spotifyConnected : { configured: true, connection: null }),
      'GET /api/spotify/top-artists': () => {
        connected = false;
        return apiError(401, 'SPOTIFY_RECONNECT_REQUIRED', 'Please reconnect your Spotify account');
      },
    });
    renderApp('/discovery');
    expect(await screen.findByText('Spotify session expired')).toBeTruthy();
    expect(
      screen.getByText('Please reconnect your Spotify account', { selector: '[data-description]' }),
    ).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Connect Spotify' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Recommended Artists', level: 2 })).toBeTruthy();
  });

  it('says Spotify API error: {status text} for other failures, and tries again', async () => {
    let fail = true;
    connectedFan({
      'GET /api/spotify/top-artists': () =>
        fail
          ? apiError(502, 'SPOTIFY_API_ERROR', 'Spotify API error: Service Unavailable')
          : json({ artists: [elsewhere] }),
    });
    const { user } = renderApp('/discovery');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Spotify API error: Service Unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Paper Lanterns' })).toBeTruthy();
  });

  it('Import my artists watches the ticked artists on Encore in one request', async () => {
    const posted: unknown[] = [];
    const watched = artist({ id: 'artist-3', name: 'Blue Cats', alertChannels: ['email'] });
    connectedFan({
      'GET /api/spotify/import': () =>
        json({
          spotifyArtists: 12,
          matches: [
            { artist: artist(), spotifyName: 'Night Static', sources: ['followed', 'top'] },
            {
              artist: artist({ id: 'artist-2', name: 'Harbor Lights' }),
              spotifyName: 'Harbor Lights',
              sources: ['followed'],
            },
            { artist: watched, spotifyName: 'Blue Cats', sources: ['top'] },
          ],
        }),
      'POST /api/spotify/import': ({ body }) => {
        posted.push(body);
        return json({ added: 1 });
      },
    });
    const { user } = renderApp('/discovery');
    await user.click(await screen.findByRole('button', { name: 'Import my artists' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import my artists' });
    expect(
      await within(dialog).findByText('3 of your 12 Spotify artists are on Encore'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Watching already')).toBeTruthy();
    const harbor = within(dialog).getByRole('checkbox', { name: 'Harbor Lights' });
    expect(harbor).toHaveProperty('checked', true);
    await user.click(harbor);
    await user.click(within(dialog).getByRole('button', { name: 'Watch 1 artist' }));
    expect(await screen.findByText('Watching 1 artist from Spotify')).toBeTruthy();
    expect(posted).toEqual([{ performerIds: ['artist-1'], channels: ['push', 'email'] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('needs a channel to import with', async () => {
    connectedFan({
      'GET /api/spotify/import': () =>
        json({
          spotifyArtists: 1,
          matches: [{ artist: artist(), spotifyName: 'Night Static', sources: ['top'] }],
        }),
    });
    const { user } = renderApp('/discovery');
    await user.click(await screen.findByRole('button', { name: 'Import my artists' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Push' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Email' }));
    await user.click(within(dialog).getByRole('button', { name: 'Watch 1 artist' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Please select at least one alert channel',
    );
  });

  it('an alert set from a Spotify card shows at once', async () => {
    connectedFan({
      'PUT /api/artists/artist-1/alert': () => json(savedAlert(artist(), ['push'])),
    });
    const { user } = renderApp('/discovery');
    const card = await screen.findByRole('article', { name: 'Night Static' });
    await user.click(within(card).getByRole('button', { name: 'Set Alert for Night Static' }));
    const dialog = screen.getByRole('dialog', { name: 'Set alert for Night Static' });
    await user.click(within(dialog).getByLabelText('Push'));
    await user.click(within(dialog).getByRole('button', { name: 'Activate Alert' }));
    await waitFor(() => expect(within(card).getByText('Watching')).toBeTruthy());
  });
});
