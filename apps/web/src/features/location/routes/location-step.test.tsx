import { LOCATION_MESSAGES } from '@encore/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { removeGeolocation, stubGeolocation } from '@/testing/geolocation';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json } from '@/testing/stub-api';
import { chicagoHome, located, locateResult, newYorkFallback, stubFan } from '../testing/fixtures';

const SPOTIFY = '/onboarding/spotify';
const allow = () => screen.findByRole('button', { name: 'Allow Location Tracking' });

describe('/onboarding/location', () => {
  it('asks with the spec’s labels, and shows Enabling... while the browser decides', async () => {
    stubFan();
    const geolocation = stubGeolocation('never');
    const { user } = renderApp('/onboarding/location');
    expect(await screen.findByRole('heading', { name: 'Enable Location', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Skip for now' })).toBeTruthy();
    await user.click(await allow());
    const busy = await screen.findByRole('button', { name: 'Enabling...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Skip for now' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(geolocation).toHaveBeenCalledTimes(1);
  });

  it('stores the position, offers it as the home, and makes it the home on the fan’s word', async () => {
    const fetchMock = stubFan({
      'PUT /api/fan/location': () => json(locateResult()),
      'POST /api/fan/location/home': () =>
        json(located({ home: { city: 'Brooklyn', state: 'NY', zipCode: '11211' }, isHome: true })),
    });
    stubGeolocation({ position: { latitude: 40.7081, longitude: -73.9571 } });
    const { user, router } = renderApp('/onboarding/location');
    await user.click(await allow());
    expect(await screen.findByText(/You’re near/)).toBeTruthy();
    expect(screen.getByText('Brooklyn, NY 11211')).toBeTruthy();
    expect(screen.getByText('Chicago, IL 60601')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/fan/location')).toEqual([
      { latitude: 40.7081, longitude: -73.9571 },
    ]);
    await user.click(screen.getByRole('button', { name: 'Make Brooklyn, NY my home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(SPOTIFY));
    expect(callsTo(fetchMock, 'POST /api/fan/location/home')).toHaveLength(1);
    expect(await screen.findByText('Your home for alerts is now Brooklyn, NY')).toBeTruthy();
  });

  it('keeping the home goes on without changing it', async () => {
    const fetchMock = stubFan({ 'PUT /api/fan/location': () => json(locateResult()) });
    stubGeolocation({ position: { latitude: 40.7081, longitude: -73.9571 } });
    const { user, router } = renderApp('/onboarding/location');
    await user.click(await allow());
    await user.click(await screen.findByRole('button', { name: 'Keep Chicago, IL' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(SPOTIFY));
    expect(callsTo(fetchMock, 'POST /api/fan/location/home')).toHaveLength(0);
  });

  it('goes straight on when the position is already the home', async () => {
    stubFan({ 'PUT /api/fan/location': () => json(locateResult({ isHome: true })) });
    stubGeolocation({ position: { latitude: 40.7081, longitude: -73.9571 } });
    const { user, router } = renderApp('/onboarding/location');
    await user.click(await allow());
    await waitFor(() => expect(router.state.location.pathname).toBe(SPOTIFY));
    expect(await screen.findByText('You’re near Brooklyn, NY')).toBeTruthy();
  });

  it.each([
    ['refused', 1, LOCATION_MESSAGES.denied],
    ['no position', 2, LOCATION_MESSAGES.unavailable],
    ['timed out', 3, LOCATION_MESSAGES.unavailable],
  ] as const)('%s: says so, falls back to New York, keeps the home', async (_n, code, message) => {
    const fetchMock = stubFan({
      'POST /api/fan/location/fallback': () =>
        json(located({ location: newYorkFallback(), home: chicagoHome })),
    });
    stubGeolocation({ error: code });
    const { user, router } = renderApp('/onboarding/location');
    await user.click(await allow());
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText(LOCATION_MESSAGES.usingNewYork)).toBeTruthy();
    expect(screen.getByText('Your home for alerts stays Chicago, IL.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/fan/location/fallback')).toHaveLength(1);
    expect(callsTo(fetchMock, 'PUT /api/fan/location')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(SPOTIFY));
  });

  it('a browser without the Geolocation API falls back too', async () => {
    stubFan({
      'POST /api/fan/location/fallback': () =>
        json(located({ location: newYorkFallback(), home: null })),
    });
    removeGeolocation();
    const { user } = renderApp('/onboarding/location');
    await user.click(await allow());
    expect(await screen.findByText(LOCATION_MESSAGES.unsupported)).toBeTruthy();
    expect(screen.queryByText(/Your home for alerts stays/)).toBeNull();
  });

  it('a position far from any US city: the server’s fallback, said as such', async () => {
    stubFan({
      'PUT /api/fan/location': () =>
        json(locateResult({ location: newYorkFallback(), resolved: false })),
    });
    stubGeolocation({ position: { latitude: 51.5, longitude: -0.12 } });
    const { user } = renderApp('/onboarding/location');
    await user.click(await allow());
    expect(await screen.findByText(LOCATION_MESSAGES.outside)).toBeTruthy();
    expect(screen.getByText(LOCATION_MESSAGES.usingNewYork)).toBeTruthy();
  });

  it('far away with a position shared before: that one is kept, and not offered as the home', async () => {
    stubFan({ 'PUT /api/fan/location': () => json(locateResult({ resolved: false })) });
    stubGeolocation({ position: { latitude: 51.5, longitude: -0.12 } });
    const { user } = renderApp('/onboarding/location');
    await user.click(await allow());
    expect(await screen.findByText(LOCATION_MESSAGES.outside)).toBeTruthy();
    expect(screen.getByText(`${LOCATION_MESSAGES.keepingEarlier} Brooklyn, NY.`)).toBeTruthy();
    expect(screen.queryByText(LOCATION_MESSAGES.usingNewYork)).toBeNull();
    expect(screen.queryByRole('button', { name: /my home/ })).toBeNull();
  });

  it('a failed save says why and lets the fan try again', async () => {
    stubFan({ 'PUT /api/fan/location': () => apiError(503, 'UNAVAILABLE', 'Try again soon') });
    stubGeolocation({ position: { latitude: 40.7081, longitude: -73.9571 } });
    const { user } = renderApp('/onboarding/location');
    await user.click(await allow());
    expect((await screen.findByRole('alert')).textContent).toContain('Try again soon');
    expect(await allow()).toBeTruthy();
  });

  it('Skip for now records the skip and goes to the music provider step', async () => {
    const fetchMock = stubFan({
      'POST /api/fan/location/skip': () => new Response(null, { status: 204 }),
    });
    const geolocation = stubGeolocation('never');
    const { user, router } = renderApp('/onboarding/location');
    await user.click(await screen.findByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(SPOTIFY));
    expect(callsTo(fetchMock, 'POST /api/fan/location/skip')).toHaveLength(1);
    expect(geolocation).not.toHaveBeenCalled();
  });
});
