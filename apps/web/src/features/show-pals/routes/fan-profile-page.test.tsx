import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, json } from '@/testing/stub-api';
import { fanPublicProfile, palFan, stubSocialFan } from '../testing/fixtures';

describe('a fan’s profile', () => {
  it('shows what the fan lets me see: city, pals, genres, shows, and Add', async () => {
    stubSocialFan({}, [], { 'GET /api/fans/sam': () => json(fanPublicProfile()) });
    renderApp('/fans/sam');
    expect(await screen.findByRole('heading', { name: 'Sam Rivera', level: 1 })).toBeTruthy();
    expect(screen.getByText('Chicago')).toBeTruthy();
    expect(screen.getByText('4 Show Pals')).toBeTruthy();
    expect(screen.getByText('Jazz')).toBeTruthy();
    const goingTo = screen.getByRole('region', { name: 'Going to' });
    expect(within(goingTo).getByText('Night Static')).toBeTruthy();
    expect(screen.getByText('No shows attended yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Sam Rivera' })).toBeTruthy();
  });

  it('says why the rest is hidden, and lists nothing it may not show', async () => {
    stubSocialFan({}, [], {
      'GET /api/fans/sam': () =>
        json(
          fanPublicProfile({
            fan: { ...palFan({ city: null }), relation: 'none', canRequest: true },
            hiddenBecause: 'friends',
            favoriteGenres: null,
            palsCount: null,
            going: null,
            attended: null,
          }),
        ),
    });
    renderApp('/fans/sam');
    expect(await screen.findByText('Only Sam Rivera’s Show Pals see their profile.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Going to' })).toBeNull();
    expect(screen.queryByText('Chicago')).toBeNull();
  });

  it('says so when the fan cannot be found', async () => {
    stubSocialFan({}, [], {
      'GET /api/fans/nobody': () => apiError(404, 'NOT_FOUND', 'We could not find that fan'),
    });
    renderApp('/fans/nobody');
    expect(await screen.findByText(/We could not find that fan/)).toBeTruthy();
  });
});
