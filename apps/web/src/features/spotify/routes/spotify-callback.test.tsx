import { SPOTIFY_STATE_STORAGE_KEY } from '@encore/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { REQUEST_FAILURES } from '@/testing/request-failures';
import { apiError, callsTo, json } from '@/testing/stub-api';
import { stubSpotifyFan } from '../testing/fixtures';

/**
 * The app at the callback with `query`. Timeouts are fake but follow the clock, so the page runs
 * as usual and a test can still jump ahead to just before and after a redirect.
 */
function renderCallback(query: string) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
  const view = renderApp(`/onboarding/spotify/callback?${query}`);
  /** The redirect is due `ms` after the phase began: not a moment before. */
  const redirectsAfter = async (ms: number, from: string, to: string) => {
    await act(() => vi.advanceTimersByTimeAsync(ms - 100));
    expect(view.router.state.location.pathname).toBe(from);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(view.router.state.location.pathname).toBe(to));
  };
  return { ...view, redirectsAfter };
}

beforeEach(() => window.sessionStorage.setItem(SPOTIFY_STATE_STORAGE_KEY, 'state-1'));
afterEach(() => {
  window.sessionStorage.clear();
  vi.useRealTimers();
});

async function expectError(message: string, view: ReturnType<typeof renderCallback>) {
  expect(await screen.findByRole('heading', { name: 'Connection Failed', level: 1 })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toBe(message);
  expect(screen.getByText('Redirecting back to try again...')).toBeTruthy();
  // The toast says it too.
  expect(await screen.findByText(message, { selector: '[data-description]' })).toBeTruthy();
  await view.redirectsAfter(3000, '/onboarding/spotify/callback', '/onboarding/spotify');
}

describe('/onboarding/spotify/callback', () => {
  it('hands code and state to the server once, says Spotify Connected!, then the dashboard after 2 s', async () => {
    const fetchMock = stubSpotifyFan({
      'POST /api/spotify/connect': () => json({ profile: { display_name: 'Riley', id: 'riley' } }),
    });
    const view = renderCallback('code=abc&state=state-1');
    expect(
      await screen.findByRole('heading', { name: 'Spotify Connected!', level: 1 }),
    ).toBeTruthy();
    expect(screen.getByText('Riley')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/spotify/connect')).toEqual([
      { code: 'abc', state: 'state-1' },
    ]);
    expect(window.sessionStorage.getItem(SPOTIFY_STATE_STORAGE_KEY)).toBeNull();
    await view.redirectsAfter(2000, '/onboarding/spotify/callback', '/dashboard');
  });

  it.each([
    ['error=access_denied&state=state-1', 'Spotify authorization failed: access_denied'],
    ['state=state-1', 'No authorization code received'],
    ['code=abc&state=someone-elses', 'Invalid state parameter'],
    ['code=abc', 'Invalid state parameter'],
  ])('?%s fails before asking the server: %s', async (query, message) => {
    const fetchMock = stubSpotifyFan();
    const view = renderCallback(query);
    await expectError(message, view);
    expect(callsTo(fetchMock, 'POST /api/spotify/connect')).toEqual([]);
  });

  it.each([
    [apiError(400, 'BAD_REQUEST', 'Invalid state parameter'), 'Invalid state parameter'],
    [apiError(401, 'UNAUTHENTICATED', 'You need to log in first'), 'No active session'],
    [
      apiError(400, 'BAD_REQUEST', 'Spotify authorization failed: Invalid authorization code'),
      'Spotify authorization failed: Invalid authorization code',
    ],
    [
      new Response('<html>proxy</html>', { status: 502 }),
      'Something went wrong on our side. Please try again.',
    ],
  ])('the server’s refusal %#', async (answer, message) => {
    stubSpotifyFan({ 'POST /api/spotify/connect': () => answer });
    const view = renderCallback('code=abc&state=state-1');
    await expectError(message, view);
  });

  it('falls back to Failed to connect Spotify when the answer is not a connection', async () => {
    stubSpotifyFan({ 'POST /api/spotify/connect': () => json({ unexpected: true }) });
    const view = renderCallback('code=abc&state=state-1');
    await expectError('Failed to connect Spotify', view);
  });

  it.each(REQUEST_FAILURES)('says why when the exchange fails: $name', async (failure) => {
    stubSpotifyFan({ 'POST /api/spotify/connect': failure.answer });
    const view = renderCallback('code=abc&state=state-1');
    await expectError(failure.message, view);
  });
});
