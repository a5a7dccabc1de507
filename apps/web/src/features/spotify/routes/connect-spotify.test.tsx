import { SPOTIFY_STATE_STORAGE_KEY } from '@encore/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { renderApp } from '@/testing/render-app';
import { expectFailureShown, REQUEST_FAILURES } from '@/testing/request-failures';
import { apiError, callsTo, json } from '@/testing/stub-api';
import { connectedStatus, stubSpotifyFan } from '../testing/fixtures';
import { ConnectSpotifyRoute } from './connect-spotify';

const AUTHORIZE_URL =
  'https://accounts.example/authorize?client_id=c&response_type=code&state=s-123';

function renderConnect() {
  const goTo = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/onboarding/spotify', element: <ConnectSpotifyRoute goTo={goTo} /> },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: ['/onboarding/spotify'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { goTo, router, user: userEvent.setup() };
}

afterEach(() => window.sessionStorage.clear());

describe('/onboarding/spotify', () => {
  it('asks the server for the authorisation, keeps the state for the callback, and goes', async () => {
    const fetchMock = stubSpotifyFan({
      'POST /api/spotify/authorize': () => json({ url: AUTHORIZE_URL, state: 's-123' }),
    });
    const { goTo, user } = renderConnect();
    expect(await screen.findByRole('heading', { name: 'Connect Spotify', level: 1 })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Connect Spotify' }));
    await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith(AUTHORIZE_URL));
    expect(window.sessionStorage.getItem(SPOTIFY_STATE_STORAGE_KEY)).toBe('s-123');
    expect(callsTo(fetchMock, 'POST /api/spotify/authorize')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Processing...' })).toHaveProperty('disabled', true);
  });

  it('Skip for now goes to the dashboard', async () => {
    stubSpotifyFan();
    const { router, user } = renderConnect();
    await user.click(await screen.findByRole('link', { name: 'Skip for now' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('says Spotify is not configured on this server, and Skip still works', async () => {
    stubSpotifyFan({
      'GET /api/spotify/connection': () => json({ configured: false, connection: null }),
    });
    const { router, user } = renderConnect();
    expect(await screen.findByText('Spotify is not configured on this server.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect Spotify' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Skip for now' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('names the account already connected, and shows why starting failed', async () => {
    stubSpotifyFan({
      'GET /api/spotify/connection': () => json(connectedStatus),
      'POST /api/spotify/authorize': () =>
        apiError(503, 'UNAVAILABLE', 'Spotify is not configured on this server'),
    });
    const { goTo, user } = renderConnect();
    expect(await screen.findByText('Riley')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Connect Spotify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Spotify is not configured on this server',
    );
    expect(goTo).not.toHaveBeenCalled();
  });

  it('is the route table’s page for a fan', async () => {
    stubSpotifyFan();
    renderApp('/onboarding/spotify');
    expect(await screen.findByRole('heading', { name: 'Connect Spotify', level: 1 })).toBeTruthy();
  });

  // A refused or failed start says why, on the page.
  it.each(REQUEST_FAILURES)('says why Connect Spotify failed: $name', async (failure) => {
    stubSpotifyFan({ 'POST /api/spotify/authorize': failure.answer });
    const { user } = renderApp('/onboarding/spotify');
    await user.click(await screen.findByRole('button', { name: 'Connect Spotify' }));
    await expectFailureShown(failure.message);
  });
});
