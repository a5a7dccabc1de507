import type { TFanLocation, TFanLocationState, TLocateResult } from '@encore/contract';
import { vi } from 'vitest';
import { json, sessionUser, stubApi } from '@/testing/stub-api';

type Handlers = Parameters<typeof stubApi>[0];

/** A signed-in fan with a finished profile, plus the given API answers. */
export function stubFan(handlers: Handlers = {}) {
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ role: 'fan', profileComplete: true }) }),
    ...handlers,
  });
}

export const brooklyn = (overrides: Partial<TFanLocation> = {}): TFanLocation => ({
  latitude: 40.7081,
  longitude: -73.9571,
  city: 'Brooklyn',
  state: 'NY',
  zipCode: '11211',
  source: 'device',
  locatedAt: '2026-11-22T12:00:00.000Z',
  ...overrides,
});

export const newYorkFallback = (): TFanLocation =>
  brooklyn({
    latitude: 40.7128,
    longitude: -74.006,
    city: 'New York',
    zipCode: '10007',
    source: 'fallback',
  });

export const chicagoHome = { city: 'Chicago', state: 'IL', zipCode: '60601' };

export const located = (overrides: Partial<TFanLocationState> = {}): TFanLocationState => ({
  location: brooklyn(),
  home: chicagoHome,
  isHome: false,
  ...overrides,
});

/** PUT /api/fan/location's answer: `resolved` false when the server found no US city near. */
export const locateResult = (overrides: Partial<TLocateResult> = {}): TLocateResult => ({
  ...located(),
  resolved: true,
  ...overrides,
});

type Answer =
  | { position: { latitude: number; longitude: number } }
  | { error: 1 | 2 | 3 }
  | 'never';

/**
 * navigator.geolocation answering as the browser would: a position, an error code (1 refused,
 * 2 unavailable, 3 timeout), or no answer yet (the permission prompt still open).
 */
export function stubGeolocation(answer: Answer) {
  const getCurrentPosition = vi.fn<Geolocation['getCurrentPosition']>((success, failure) => {
    if (answer === 'never') return;
    if ('position' in answer) {
      success({ coords: answer.position, timestamp: Date.now() } as GeolocationPosition);
    } else {
      failure?.({ code: answer.error, message: 'no' } as GeolocationPositionError);
    }
  });
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition },
  });
  return getCurrentPosition;
}

/** A browser without the Geolocation API. */
export function removeGeolocation() {
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
}
