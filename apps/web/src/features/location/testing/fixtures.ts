import type { TFanLocation, TFanLocationState, TLocateResult } from '@encore/contract';
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
