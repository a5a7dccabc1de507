import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { json } from '@/testing/stub-api';
import {
  recommendations,
  recommendedArtist,
  savedAlert,
  stubDiscoveryFan,
} from '../testing/fixtures';
import { setAlertFromCard } from '../testing/set-alert';

const near = recommendedArtist({ id: 'artist-1', name: 'Night Static' });
const far = recommendedArtist(
  { id: 'artist-2', name: 'Desert Swing', genres: ['Rock'], alertChannels: ['sms'] },
  {
    id: 'show-2',
    venue: {
      id: 'venue-2',
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
const farAway = { ...far, nearby: false, distanceMiles: 2446.4 };

describe('Recommended', () => {
  it('lists artists playing near home first, then those on tour elsewhere', async () => {
    stubDiscoveryFan({
      'GET /api/discovery/recommended': () => json(recommendations([near, farAway])),
    });
    renderApp('/recommended');
    expect(await screen.findByRole('heading', { name: 'Recommended', level: 1 })).toBeTruthy();
    expect(await screen.findByText(/in your favourite genres \(Rock, Indie\)/)).toBeTruthy();

    const nearby = await screen.findByRole('region', { name: 'Near Brooklyn' });
    expect(within(nearby).getByText('Playing within 25 miles of home')).toBeTruthy();
    const card = within(nearby).getByRole('article', { name: 'Night Static' });
    expect(card.textContent).toContain('White Eagle Hall');
    expect(card.textContent).toContain('Jersey City, NJ · 3.2 mi from home');
    expect(card.textContent).toContain('Sat, Dec 12, 2099, 8:00 PM EST');
    expect(
      within(card)
        .getByRole('link', { name: /White Eagle Hall/ })
        .getAttribute('href'),
    ).toBe('/shows/show-1');
    expect(within(card).getByText('On Tour')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Set Alert for Night Static' })).toBeTruthy();

    const elsewhere = screen.getByRole('region', { name: 'On tour elsewhere' });
    const watched = within(elsewhere).getByRole('article', { name: 'Desert Swing' });
    expect(watched.textContent).toContain('Los Angeles, CA · 2,446 mi away');
    expect(within(watched).getByText('Watching')).toBeTruthy();
    expect(
      within(watched).getByRole('button', { name: 'Edit Alert for Desert Swing' }),
    ).toBeTruthy();
    // Near comes before elsewhere in the page.
    const order = screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'));
    expect(order.indexOf(card.getAttribute('aria-labelledby'))).toBe(0);
  });

  it('sets an alert from a recommendation and marks the artist as watched', async () => {
    const saved: unknown[] = [];
    stubDiscoveryFan({
      'GET /api/discovery/recommended': () => json(recommendations([near])),
      'PUT /api/artists/artist-1/alert': ({ body }) => {
        saved.push(body);
        return json(savedAlert(near, ['email']));
      },
    });
    const { user } = renderApp('/recommended');
    const card = await setAlertFromCard(user, 'Night Static', 'Email');
    expect(saved).toEqual([{ channels: ['email'] }]);
    await waitFor(() => expect(within(card).getByText('Watching')).toBeTruthy());
  });

  it('explains an empty list and where to go from there', async () => {
    stubDiscoveryFan();
    renderApp('/recommended');
    expect(
      await screen.findByRole('heading', { name: 'No artists in your genres are on tour' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Discover Artists' }).getAttribute('href')).toBe(
      '/discovery',
    );
    expect(screen.getByRole('link', { name: 'Change genres or radius' }).getAttribute('href')).toBe(
      '/settings/fan',
    );
  });

  it('measures from one of the fan’s places when chosen, naming its trip', async () => {
    stubDiscoveryFan({
      'GET /api/fan/places': () =>
        json({
          places: [
            {
              id: 'place-1',
              label: 'Los Angeles, CA',
              city: 'Los Angeles',
              state: 'CA',
              zipCode: null,
              radius: 50,
              tripStart: '2031-03-10',
              tripEnd: '2031-03-17',
            },
          ],
        }),
      'GET /api/discovery/recommended': ({ query }) =>
        json(
          query.get('place') === 'place-1'
            ? {
                home: {
                  city: 'Los Angeles, CA',
                  radiusMiles: 50,
                  genres: ['Rock'],
                  placeId: 'place-1',
                  trip: 'Mar 10–17',
                },
                artists: [{ ...far, nearby: true, distanceMiles: 3 }],
              }
            : recommendations([near, farAway]),
        ),
    });
    const { user } = renderApp('/recommended');
    await screen.findByRole('region', { name: 'Near Brooklyn' });
    const choice = await screen.findByLabelText('Near');
    await user.selectOptions(choice, 'Los Angeles, CA (trip, Mar 10–17)');
    const there = await screen.findByRole('region', { name: 'Near Los Angeles, CA' });
    expect(
      within(there).getByText(
        'Playing within 50 miles of Los Angeles, CA, during your trip (Mar 10–17)',
      ),
    ).toBeTruthy();
    expect(within(there).getByText('Desert Swing')).toBeTruthy();
  });
});
