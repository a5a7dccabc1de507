import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { callsTo, json, sessionUser, stubApi } from '@/testing/stub-api';
import { accountSecurity, performerProfile } from '../testing/fixtures';

function stubPerformer(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ role: 'performer', profileComplete: true }) }),
    'GET /api/profile/performer': () => json({ profile: performerProfile() }),
    'PATCH /api/profile/performer': ({ body }) =>
      json({ profile: performerProfile(body as object) }),
    'GET /api/account/security': () => json(accountSecurity()),
    'GET /api/stats/performer': () =>
      json({
        totalFollowers: 1200,
        showsPlayed: 14,
        upcomingShows: 3,
        alertActivations: 87,
        averageAttendance: 212.4,
        memberSince: '2026-01-01T12:00:00.000Z',
      }),
    ...extra,
  });
}

describe('performer settings', () => {
  it('lists its tabs and goes back to its own dashboard', async () => {
    stubPerformer();
    renderApp('/settings/performer');
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Profile',
      'Booking',
      'Analytics',
      'Security',
      'Account',
    ]);
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/performer-dashboard',
    );
  });

  it('saves the profile tab with a live bio counter', async () => {
    const fetchMock = stubPerformer();
    const { user } = renderApp('/settings/performer');
    const bio = await screen.findByLabelText('Bio');
    expect(screen.getByText('14/500')).toBeTruthy();
    await user.type(bio, '!');
    expect(screen.getByText('15/500')).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Currently Touring' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Profile updated');
    expect(callsTo(fetchMock, 'PATCH /api/profile/performer')).toEqual([
      {
        artistName: 'The Owls',
        bio: 'Loud and late.!',
        email: 'band@example.test',
        phone: '(555) 222-3333',
        currentlyTouring: true,
      },
    ]);
  });

  it('saves booking links, empty ones as none, and shows server field errors', async () => {
    let fail = true;
    const fetchMock = stubPerformer({
      'PATCH /api/profile/performer': ({ body }) =>
        fail
          ? json(
              {
                error: {
                  code: 'VALIDATION_FAILED',
                  message: 'Invalid input',
                  fields: { spotifyUrl: 'Not a Spotify link' },
                },
              },
              400,
            )
          : json({ profile: performerProfile(body as object) }),
    });
    const { user } = renderApp('/settings/performer');
    await user.click(await screen.findByRole('tab', { name: 'Booking' }));
    await user.type(await screen.findByLabelText('Booking Agent Email'), 'agent@example.test');
    await user.type(screen.getByLabelText('Booking Agent Phone'), '5551112222');
    await user.clear(screen.getByLabelText('Website URL'));
    await user.type(screen.getByLabelText('Spotify URL'), 'https://open.spotify.com/artist/x');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Not a Spotify link')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Profile updated');
    expect(callsTo(fetchMock, 'PATCH /api/profile/performer')[1]).toEqual({
      bookingAgentEmail: 'agent@example.test',
      bookingAgentPhone: '(555) 111-2222',
      websiteUrl: null,
      spotifyUrl: 'https://open.spotify.com/artist/x',
    });
  });

  it('shows the analytics read-only', async () => {
    stubPerformer();
    const { user } = renderApp('/settings/performer');
    await user.click(await screen.findByRole('tab', { name: 'Analytics' }));
    expect(await screen.findByText('1,200')).toBeTruthy();
    for (const label of [
      'Total Followers',
      'Shows Played',
      'Upcoming Shows',
      'Alert Activations',
      'Average Attendance',
      'Member Since',
    ]) {
      expect(screen.getByText(label)).toBeTruthy();
    }
    expect(screen.getByText('212')).toBeTruthy();
    expect(screen.getByText('January 1, 2026')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
