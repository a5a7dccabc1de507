import { CITY_SHOWS_MESSAGES, type TCityShow, type TCityShows } from '@encore/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { REQUEST_FAILURES } from '@/testing/request-failures';
import { apiError, json, type StubRequest, sessionUser, stubApi } from '@/testing/stub-api';

const cityShow = (overrides: Partial<TCityShow> = {}): TCityShow => ({
  id: 'show-1',
  artist: { id: 'artist-1', name: 'Night Static' },
  supportingActs: ['Low Tide'],
  venue: { id: 'venue-1', name: 'The Lantern', city: 'Cambridge', state: 'MA' },
  startsAt: '2027-06-15T00:00:00.000Z',
  timeZone: 'America/New_York',
  genre: 'Indie',
  status: 'on_sale',
  distanceMiles: 3.24,
  ...overrides,
});

const listing = (overrides: Partial<TCityShows> = {}): TCityShows => ({
  place: { label: 'Boston, MA', city: 'Boston', state: 'MA', zipCode: null },
  otherPlaces: [],
  radiusMiles: 50,
  dates: null,
  page: 1,
  hasNext: false,
  shows: [cityShow()],
  ...overrides,
});

/** Answers GET /api/shows and remembers each request's query. */
function stubListing(answer: (request: StubRequest) => Response) {
  const queries: URLSearchParams[] = [];
  stubApi({
    'GET /api/shows': (request) => {
      queries.push(request.query);
      return answer(request);
    },
  });
  return queries;
}

describe('/shows?near= (the public city listing)', () => {
  it('lists the shows signed out: title, artist, venue, local time, genre, distance, links', async () => {
    stubListing(() => json(listing()));
    renderApp('/shows?near=Boston');
    expect(
      await screen.findByRole('heading', { name: 'Shows near Boston, MA', level: 1 }),
    ).toBeTruthy();
    expect(document.title).toContain('Shows near Boston, MA');
    const item = screen.getByRole('link', { name: /Night Static/ });
    expect(item.getAttribute('href')).toBe('/shows/show-1');
    expect(item.textContent).toContain('with Low Tide');
    expect(item.textContent).toContain('The Lantern, Cambridge, MA');
    // 00:00 UTC is 8 PM the evening before in Boston, in June (EDT).
    expect(item.textContent).toContain('Mon, Jun 14, 2027, 8:00 PM EDT');
    expect(item.textContent).toContain('Indie');
    expect(item.textContent).toContain('3.2 mi away');
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('puts each filter in the URL and asks the API with it, back to page 1', async () => {
    const queries = stubListing(() => json(listing({ page: 2, hasNext: true })));
    const { user, router } = renderApp('/shows?near=Boston&page=2');
    await screen.findByRole('heading', { name: 'Shows near Boston, MA' });
    await user.selectOptions(screen.getByLabelText('Genre'), 'Jazz');
    expect(router.state.location.search).toBe('?near=Boston&genre=Jazz');
    await user.selectOptions(screen.getByLabelText('Distance'), '25');
    await user.selectOptions(screen.getByLabelText('When'), 'week');
    expect(router.state.location.search).toBe('?near=Boston&radius=25&when=week&genre=Jazz');
    await screen.findByRole('heading', { name: 'Shows near Boston, MA' });
    const last = queries.at(-1);
    expect(Object.fromEntries(last ?? [])).toEqual({
      near: 'Boston',
      radius: '25',
      when: 'week',
      genre: 'Jazz',
    });
    await user.selectOptions(screen.getByLabelText('When'), 'custom');
    await user.type(screen.getByLabelText('From'), '2027-06-01');
    expect(router.state.location.search).toContain('from=2027-06-01');
    expect(router.state.location.search).not.toContain('when=');
  });

  it('links Previous and Next with the filters kept', async () => {
    stubListing(() => json(listing({ page: 2, hasNext: true })));
    renderApp('/shows?near=Boston&genre=Jazz&page=2');
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(
      '/shows?near=Boston&genre=Jazz',
    );
    expect(within(pages).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      '/shows?near=Boston&genre=Jazz&page=3',
    );
  });

  it('searches another city from the box on the page', async () => {
    const queries = stubListing((r) =>
      json(
        r.query.get('near') === '02139'
          ? listing({
              place: {
                label: 'Cambridge, MA 02139',
                city: 'Cambridge',
                state: 'MA',
                zipCode: '02139',
              },
            })
          : listing(),
      ),
    );
    const { user, router } = renderApp('/shows?near=Boston&genre=Rock');
    await screen.findByRole('heading', { name: 'Shows near Boston, MA' });
    const box = screen.getByRole('searchbox', { name: 'City or ZIP' });
    await user.clear(box);
    await user.type(box, '02139{Enter}');
    expect(
      await screen.findByRole('heading', { name: 'Shows near Cambridge, MA 02139' }),
    ).toBeTruthy();
    expect(router.state.location.search).toBe('?near=02139&genre=Rock');
    expect(queries.at(-1)?.get('near')).toBe('02139');
  });

  it('offers the other cities of an ambiguous name', async () => {
    const other = { label: 'Boston, GA', city: 'Boston', state: 'GA', zipCode: null };
    stubListing(() => json(listing({ otherPlaces: [other] })));
    renderApp('/shows?near=Boston');
    const link = await screen.findByRole('link', { name: 'Boston, GA' });
    expect(link.getAttribute('href')).toBe('/shows?near=Boston%2C+GA');
  });

  it('says so when nothing matches', async () => {
    stubListing(() => json(listing({ shows: [] })));
    renderApp('/shows?near=Boston&genre=Metal');
    expect(await screen.findByText('No upcoming shows here yet')).toBeTruthy();
  });

  it('explains an unknown place above a search box', async () => {
    const message = CITY_SHOWS_MESSAGES.unknownPlace('Atlantis');
    stubListing(() =>
      apiError(400, 'VALIDATION_FAILED', 'Please correct the highlighted fields', {
        near: message,
      }),
    );
    renderApp('/shows?near=Atlantis');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', message);
    expect(screen.getByRole('heading', { name: 'Find shows near you' })).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'City or ZIP' }) as HTMLInputElement).value).toBe(
      'Atlantis',
    );
  });

  it('opens on a search box without a place', async () => {
    const queries = stubListing(() => json(listing()));
    renderApp('/shows');
    expect(await screen.findByRole('heading', { name: 'Find shows near you' })).toBeTruthy();
    expect(queries).toEqual([]);
  });

  for (const failure of REQUEST_FAILURES) {
    it(`says what went wrong with a retry: ${failure.name}`, async () => {
      stubListing(() => failure.answer() as unknown as Response);
      renderApp('/shows?near=Boston');
      expect((await screen.findByRole('alert')).textContent).toContain(failure.message);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    });
  }

  it('offers a signed-in fan their other places as searches, a trip with its days', async () => {
    const queries: URLSearchParams[] = [];
    stubApi({
      'GET /api/account/session': () =>
        json({ user: sessionUser({ role: 'fan', profileComplete: true }) }),
      // No profile read: the home's search needs it, the places' do not.
      'GET /api/profile/fan': () => json({ profile: null }),
      'GET /api/fan/places': () =>
        json({
          places: [
            {
              id: 'p1',
              label: 'Austin, TX',
              city: 'Austin',
              state: 'TX',
              zipCode: null,
              radius: 30,
              tripStart: '2031-03-10',
              tripEnd: '2031-03-17',
            },
          ],
        }),
      'GET /api/shows': (request) => {
        queries.push(request.query);
        return json(listing());
      },
    });
    const { user } = renderApp('/shows?near=Boston%2C%20MA');
    const places = await screen.findByRole('navigation', { name: 'Your places' });
    expect(within(places).getAllByRole('link')).toHaveLength(1);
    await user.click(within(places).getByRole('link', { name: 'Austin, TX (trip, Mar 10–17)' }));
    await screen.findByRole('heading', { name: 'Shows near Boston, MA', level: 1 });
    expect(queries.at(-1)?.toString()).toBe(
      'near=Austin%2C+TX&radius=50&from=2031-03-10&to=2031-03-17',
    );
  });

  it('offers no places to a visitor who is not signed in', async () => {
    stubListing(() => json(listing()));
    renderApp('/shows?near=Boston%2C%20MA');
    await screen.findByRole('heading', { name: 'Shows near Boston, MA', level: 1 });
    expect(screen.queryByRole('navigation', { name: 'Your places' })).toBeNull();
  });
});
