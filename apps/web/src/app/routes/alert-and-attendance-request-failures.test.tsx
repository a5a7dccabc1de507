import { screen, within } from '@testing-library/react';
import { artist } from '@/features/discovery/testing/fixtures';
import { fanProfile } from '@/features/settings/testing/fixtures';
import { artistPage, show, showDetail } from '@/features/shows-public/testing/fixtures';
import { watchedAlert } from '@/features/watching/testing/fixtures';
import { describeRequestFailures, type PageFormCase } from '@/testing/request-failures';
import { json, sessionUser, stubApi } from '@/testing/stub-api';

const started = show({ startsAt: '2024-05-01T01:00:00.000Z' });

/** Every alert and attendance control on the artist, show, Watching and Discovery pages. */
const FORMS: PageFormCase[] = [
  {
    form: 'Set Alert dialog (artist page)',
    path: '/artists/artist-1',
    request: 'PUT /api/artists/artist-1/alert',
    act: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Set Alert' }));
      const dialog = screen.getByRole('dialog', { name: 'Set alert for Night Static' });
      await user.click(within(dialog).getByLabelText('Email'));
      await user.click(within(dialog).getByRole('button', { name: 'Activate Alert' }));
    },
  },
  {
    form: 'Remove Alert (artist page)',
    path: '/artists/artist-1',
    loads: {
      'GET /api/artists/artist-1': () => json(artistPage({ alert: watchedAlert() })),
    },
    request: 'DELETE /api/artists/artist-1/alert',
    act: async (user) => user.click(await screen.findByRole('button', { name: 'Remove Alert' })),
  },
  {
    form: 'Going (show page)',
    path: '/shows/show-1',
    request: 'PUT /api/shows/show-1/attendance',
    act: async (user) => user.click(await screen.findByRole('button', { name: 'Going' })),
  },
  {
    form: 'Attended (show page)',
    path: '/shows/show-1',
    loads: { 'GET /api/shows/show-1': () => json(showDetail({ show: started })) },
    request: 'PUT /api/shows/show-1/attendance',
    act: async (user) => user.click(await screen.findByRole('button', { name: 'Attended' })),
  },
  {
    form: 'Remove alert (Watching page)',
    path: '/watching',
    request: 'DELETE /api/artists/artist-1/alert',
    act: async (user) =>
      user.click(await screen.findByRole('button', { name: 'Remove Night Static alert' })),
  },
  {
    form: 'Import my artists (Discovery)',
    path: '/discovery',
    request: 'POST /api/spotify/import',
    act: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Import my artists' }));
      const dialog = await screen.findByRole('dialog', { name: 'Import my artists' });
      await user.click(await within(dialog).findByRole('button', { name: 'Watch 1 artist' }));
    },
  },
];

function stubFan(overrides: Record<string, () => Response | Promise<Response>>) {
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ role: 'fan', profileComplete: true }) }),
    'GET /api/profile/fan': () => json({ profile: fanProfile() }),
    'GET /api/artists/artist-1': () => json(artistPage()),
    'GET /api/shows/show-1': () => json(showDetail()),
    'GET /api/alerts/watching': () => json({ alerts: [watchedAlert()] }),
    'GET /api/discovery/recommended': () =>
      json({ home: { city: 'Brooklyn', radiusMiles: 25, genres: ['Rock'] }, artists: [] }),
    'GET /api/spotify/connection': () =>
      json({
        configured: true,
        connection: { displayName: 'Riley', spotifyUserId: 'riley', connectedAt: '2026-03-01' },
      }),
    'GET /api/spotify/top-artists': () => json({ artists: [] }),
    'GET /api/spotify/import': () =>
      json({
        spotifyArtists: 1,
        matches: [{ artist: artist(), spotifyName: 'Night Static', sources: ['top'] }],
      }),
    ...overrides,
  });
}

/** An alert or attendance change that the server refused or never got says so. */
describeRequestFailures('$form', FORMS, stubFan);
