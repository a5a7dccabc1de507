import { GENRES } from '@encore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { REQUEST_FAILURES } from '@/testing/request-failures';
import { apiError, callsTo, json } from '@/testing/stub-api';
import { genreArtist, genrePage, savedAlert, stubDiscoveryFan } from '../testing/fixtures';
import { setAlertFromCard } from '../testing/set-alert';

const near = genreArtist({ id: 'artist-1', name: 'Harbor Lights', genres: ['Jazz'] });
const far = genreArtist(
  { id: 'artist-2', name: 'Desert Swing', genres: ['Jazz'], distanceMiles: 2446.4 },
  {
    id: 'show-2',
    venue: {
      id: null,
      name: 'The Echo',
      streetAddress: '1822 Sunset Blvd',
      city: 'Los Angeles',
      state: 'CA',
      zipCode: '90026',
      photoUrl: null,
    },
    timeZone: 'America/Los_Angeles',
  },
);
const resting = genreArtist({
  id: 'artist-3',
  name: 'Quiet Season',
  genres: ['Jazz'],
  onTour: false,
  show: null,
  distanceMiles: null,
  alertChannels: ['email'],
});

const JAZZ = 'GET /api/discovery/genres/jazz';

describe('genre chips on Discovery', () => {
  it('lists every genre as a link to its page, in a row that wraps', async () => {
    stubDiscoveryFan();
    renderApp('/discovery');
    const chips = await screen.findByRole('navigation', { name: 'Browse by genre' });
    const links = within(chips).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([...GENRES]);
    const href = (name: string) => within(chips).getByRole('link', { name }).getAttribute('href');
    expect(href('Hip-Hop')).toBe('/discovery/genre/hip-hop');
    expect(href('R&B')).toBe('/discovery/genre/r-and-b');
    expect(chips.querySelector('ul')?.className).toContain('flex-wrap');
  });

  it('opens the genre page from the keyboard', async () => {
    stubDiscoveryFan({ [JAZZ]: () => json(genrePage([near])) });
    const { user } = renderApp('/discovery');
    const jazz = await screen.findByRole('link', { name: 'Jazz' });
    jazz.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Jazz artists', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Harbor Lights' })).toBeTruthy();
  });
});

describe('a genre’s page', () => {
  it('lists the artists in the server’s order, each with its nearest show or none', async () => {
    stubDiscoveryFan({ [JAZZ]: () => json(genrePage([near, far, resting])) });
    renderApp('/discovery/genre/jazz');
    expect(await screen.findByRole('heading', { name: 'Jazz artists', level: 1 })).toBeTruthy();
    expect(await screen.findByText(/with a show nearest Brooklyn first/)).toBeTruthy();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Harbor Lights',
      'Desert Swing',
      'Quiet Season',
    ]);
    const [first, second, third] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(first.textContent).toContain('White Eagle Hall');
    expect(first.textContent).toContain('Jersey City, NJ · 3.2 mi from home');
    expect(first.textContent).toContain('Sat, Dec 12, 2099, 8:00 PM EST');
    expect(
      within(first)
        .getByRole('link', { name: /White Eagle Hall/ })
        .getAttribute('href'),
    ).toBe('/shows/show-1');
    expect(second.textContent).toContain('Los Angeles, CA · 2,446 mi from home');
    expect(third.textContent).toContain('No upcoming shows');
    expect(within(third).queryByText('On Tour')).toBeNull();
    expect(within(third).getByRole('button', { name: 'Edit Alert for Quiet Season' })).toBeTruthy();
    // The open genre is marked among the chips, so the fan can switch to another.
    const chips = screen.getByRole('navigation', { name: 'Browse by genre' });
    expect(within(chips).getByRole('link', { name: 'Jazz' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('link', { name: 'Discover Artists' }).getAttribute('href')).toBe(
      '/discovery',
    );
  });

  it('sets an alert from a card with the same dialog as Discovery, and marks the artist watched', async () => {
    const saved: unknown[] = [];
    stubDiscoveryFan({
      [JAZZ]: () => json(genrePage([near])),
      'PUT /api/artists/artist-1/alert': ({ body }) => {
        saved.push(body);
        return json(savedAlert(near, ['push']));
      },
    });
    const { user } = renderApp('/discovery/genre/jazz');
    const card = await setAlertFromCard(user, 'Harbor Lights', 'Push');
    expect(saved).toEqual([{ channels: ['push'] }]);
    await waitFor(() => expect(within(card).getByText('Watching')).toBeTruthy());
    expect(within(card).getByRole('button', { name: 'Edit Alert for Harbor Lights' })).toBeTruthy();
  });

  it('More asks for the next page where the server said, and adds it below', async () => {
    const fetchMock = stubDiscoveryFan({
      [JAZZ]: ({ query }) =>
        query.get('offset') === '24'
          ? json(genrePage([resting], null))
          : json(genrePage([near, far], 24)),
    });
    const { user } = renderApp('/discovery/genre/jazz');
    await screen.findByRole('article', { name: 'Desert Swing' });
    await user.click(screen.getByRole('button', { name: 'More Jazz artists' }));
    expect(await screen.findByRole('article', { name: 'Quiet Season' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'More Jazz artists' })).toBeNull();
    const offsets = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/discovery/genres/jazz')
      .map((url) => url.searchParams.get('offset'));
    expect(offsets).toEqual([null, '24']);
  });

  it('says so when no artist plays the genre', async () => {
    stubDiscoveryFan({
      'GET /api/discovery/genres/r-and-b': () => json(genrePage([], null, 'R&B')),
    });
    renderApp('/discovery/genre/r-and-b');
    expect(
      await screen.findByRole('heading', { name: 'No R&B artists on Encore yet' }),
    ).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('an address naming no genre says so and offers the genres, without asking the server', async () => {
    const fetchMock = stubDiscoveryFan();
    renderApp('/discovery/genre/polka');
    expect(await screen.findByRole('heading', { name: 'Genre not found', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Rock' }).getAttribute('href')).toBe(
      '/discovery/genre/rock',
    );
    expect(callsTo(fetchMock, 'GET /api/discovery/genres/polka')).toHaveLength(0);
  });

  it('treats the server’s 404 as an unknown genre too', async () => {
    stubDiscoveryFan({
      [JAZZ]: () => apiError(404, 'NOT_FOUND', 'There is no such genre on Encore'),
    });
    renderApp('/discovery/genre/jazz');
    expect(await screen.findByRole('heading', { name: 'Genre not found', level: 1 })).toBeTruthy();
  });

  it('shows a loading state, then the list', async () => {
    let answer: ((r: Response) => void) | undefined;
    stubDiscoveryFan({ [JAZZ]: () => new Promise<Response>((r) => (answer = r)) });
    renderApp('/discovery/genre/jazz');
    expect(await screen.findByRole('status', { name: 'Loading Jazz artists' })).toBeTruthy();
    // Answer the request once it is made (the loading state can show before it).
    await waitFor(() => expect(answer).toBeDefined());
    answer?.(json(genrePage([near])));
    expect(await screen.findByRole('article', { name: 'Harbor Lights' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading Jazz artists' })).toBeNull();
  });

  it.each(REQUEST_FAILURES)('$name: says why and retries', async (failure) => {
    let fail = true;
    stubDiscoveryFan({
      [JAZZ]: () => (fail ? failure.answer() : json(genrePage([near]))),
    });
    const { user } = renderApp('/discovery/genre/jazz');
    // The reason sits in the page's alert, after what could not be loaded.
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`We could not load Jazz artists. ${failure.message}`);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Harbor Lights' })).toBeTruthy();
  });
});
