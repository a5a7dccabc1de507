import type { TArtistSearchResults } from '@encore/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, json, type StubRequest } from '@/testing/stub-api';
import {
  artist,
  recommendations,
  recommendedArtist,
  savedAlert,
  stubDiscoveryFan,
} from '../testing/fixtures';

const nightStatic = artist();
const blueCats = artist({
  id: 'artist-2',
  name: 'Blue Cats',
  genres: ['Jazz'],
  onTour: false,
  alertChannels: ['email'],
});

/** Answers every search with `results`, and records what was asked. */
function searchServer(results: TArtistSearchResults['results']) {
  const asked: string[] = [];
  return {
    asked,
    handler: ({ query }: StubRequest) => {
      asked.push(query.get('q') ?? '');
      return json({ results });
    },
  };
}

const searchBox = () => screen.findByRole('searchbox', { name: 'Search artists or genres' });

afterEach(() => {
  vi.useRealTimers();
});

describe('Discovery', () => {
  it('sends one search per pause in typing, 300 ms after the last key', async () => {
    const server = searchServer([nightStatic]);
    stubDiscoveryFan({ 'GET /api/discovery/artists': server.handler });
    renderApp('/discovery');
    const box = await searchBox();
    // Keystrokes as change events: user-event waits on timers, which are fake from here on.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const typeOn = (text: string) => {
      for (const letter of text) {
        fireEvent.input(box, { target: { value: (box as HTMLInputElement).value + letter } });
      }
    };

    typeOn('nig');
    await act(() => vi.advanceTimersByTimeAsync(299));
    // Typing again within the pause starts the wait over.
    typeOn('ht');
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(server.asked).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(server.asked).toEqual(['night']);

    // A second pause, a second search; trailing spaces are not a new query.
    typeOn(' static ');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(server.asked).toEqual(['night', 'night static']);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(server.asked).toHaveLength(2);
  });

  it('shows recommendations before anything is typed, then the search results', async () => {
    const server = searchServer([nightStatic, blueCats]);
    stubDiscoveryFan({
      'GET /api/discovery/recommended': () =>
        json(recommendations([recommendedArtist({ id: 'artist-9', name: 'Harbor Lights' })])),
      'GET /api/discovery/artists': server.handler,
    });
    const { user, router } = renderApp('/discovery');
    expect(await screen.findByRole('heading', { name: 'Discover Artists', level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Recommended Artists', level: 2 })).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Harbor Lights' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect Spotify' }).getAttribute('href')).toBe(
      '/onboarding/spotify',
    );

    await user.type(await searchBox(), 'night');
    expect(await screen.findByRole('heading', { name: 'Search Results', level: 2 })).toBeTruthy();
    const first = await screen.findByRole('article', { name: 'Night Static' });
    expect(within(first).getByRole('link', { name: 'Night Static' }).getAttribute('href')).toBe(
      '/artists/artist-1',
    );
    expect(first.textContent).toContain('Rock · Indie');
    expect(within(first).getByText('On Tour')).toBeTruthy();
    expect(within(first).queryByText('Watching')).toBeNull();
    expect(within(first).getByRole('button', { name: 'Set Alert for Night Static' })).toBeTruthy();
    const watched = screen.getByRole('article', { name: 'Blue Cats' });
    expect(within(watched).getByText('Watching')).toBeTruthy();
    expect(within(watched).queryByText('On Tour')).toBeNull();
    expect(within(watched).getByRole('button', { name: 'Edit Alert for Blue Cats' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('2 artists found');
    expect(server.asked).toEqual(['night']);
    // The search is in the address, so Back from an artist's page comes back to it.
    expect(router.state.location.search).toBe('?q=night');
  });

  it('says so when nobody matches', async () => {
    stubDiscoveryFan({ 'GET /api/discovery/artists': searchServer([]).handler });
    renderApp('/discovery?q=zzzz');
    expect(await screen.findByRole('heading', { name: 'No artists found' })).toBeTruthy();
    expect(screen.getByText('Try adjusting your search')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('No artists found');
    expect(((await searchBox()) as HTMLInputElement).value).toBe('zzzz');
  });

  it('sets an alert from a result through the alert dialog', async () => {
    let current = nightStatic;
    const saved: unknown[] = [];
    stubDiscoveryFan({
      'GET /api/discovery/artists': () => json({ results: [current] }),
      'PUT /api/artists/artist-1/alert': ({ body }) => {
        saved.push(body);
        current = { ...nightStatic, alertChannels: ['push', 'email'] };
        return json(savedAlert(nightStatic, ['push', 'email']));
      },
    });
    const { user } = renderApp('/discovery?q=night');
    const card = await screen.findByRole('article', { name: 'Night Static' });
    await user.click(within(card).getByRole('button', { name: 'Set Alert for Night Static' }));
    const dialog = screen.getByRole('dialog', { name: 'Set alert for Night Static' });
    await user.click(within(dialog).getByLabelText('Email'));
    await user.click(within(dialog).getByLabelText('Push'));
    await user.click(within(dialog).getByRole('button', { name: 'Activate Alert' }));
    expect(await screen.findByText('Night Static alert activated via Push, Email')).toBeTruthy();
    expect(saved).toEqual([{ channels: ['push', 'email'] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card).getByText('Watching')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Edit Alert for Night Static' })).toBeTruthy();
  });

  it('says why a search failed and tries again', async () => {
    let fail = true;
    stubDiscoveryFan({
      'GET /api/discovery/artists': () =>
        fail ? apiError(500, 'INTERNAL', 'Something went wrong.') : json({ results: [blueCats] }),
    });
    const { user } = renderApp('/discovery?q=blue');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load search results.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Blue Cats' })).toBeTruthy();
  });
});
