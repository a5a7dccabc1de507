import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { callsTo, json } from '@/testing/stub-api';
import { connectedStatus, notConnected, stubSpotifyFan } from '../testing/fixtures';

describe('Settings > Music', () => {
  it('disconnects Spotify, then offers to connect it again', async () => {
    let status = connectedStatus;
    const fetchMock = stubSpotifyFan({
      'GET /api/spotify/connection': () => json(status),
      'DELETE /api/spotify/connection': () => {
        status = notConnected;
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderApp('/settings/fan');
    await user.click(await screen.findByRole('tab', { name: 'Music' }));
    expect(await screen.findByText('Riley')).toBeTruthy();
    expect(screen.getByText(/since March 1, 2026/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Disconnect Spotify' }));
    expect(await screen.findByText('Spotify disconnected')).toBeTruthy();
    expect(
      (await screen.findByRole('link', { name: 'Connect Spotify' })).getAttribute('href'),
    ).toBe('/onboarding/spotify');
    expect(callsTo(fetchMock, 'DELETE /api/spotify/connection')).toHaveLength(1);
  });

  it('says when this server has no Spotify', async () => {
    stubSpotifyFan({
      'GET /api/spotify/connection': () => json({ configured: false, connection: null }),
    });
    const { user } = renderApp('/settings/fan');
    await user.click(await screen.findByRole('tab', { name: 'Music' }));
    expect(await screen.findByText('Spotify is not configured on this server.')).toBeTruthy();
  });
});
