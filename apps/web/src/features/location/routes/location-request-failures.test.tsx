import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { stubGeolocation } from '@/testing/geolocation';
import { renderApp } from '@/testing/render-app';
import { expectFailureShown, REQUEST_FAILURES } from '@/testing/request-failures';
import { json } from '@/testing/stub-api';
import { locateResult, stubFan } from '../testing/fixtures';

const allow = async (user: UserEvent) =>
  user.click(await screen.findByRole('button', { name: 'Allow Location Tracking' }));
const device = { position: { latitude: 40.7081, longitude: -73.9571 } } as const;

interface FormCase {
  form: string;
  geolocation: Parameters<typeof stubGeolocation>[0];
  request: string;
  act: (user: UserEvent) => Promise<void>;
  /** Where the fan is left: the step itself, or the next step for Skip (it goes on anyway). */
  staysAt: string;
}

/** Every button of the location step that sends a request. */
const FORMS: FormCase[] = [
  {
    form: 'Allow (the position)',
    geolocation: device,
    request: 'PUT /api/fan/location',
    act: allow,
    staysAt: '/onboarding/location',
  },
  {
    form: 'Allow, refused by the browser (the fallback)',
    geolocation: { error: 1 },
    request: 'POST /api/fan/location/fallback',
    act: allow,
    staysAt: '/onboarding/location',
  },
  {
    form: 'Make it my home',
    geolocation: device,
    request: 'POST /api/fan/location/home',
    act: async (user) => {
      await allow(user);
      await user.click(await screen.findByRole('button', { name: 'Make Brooklyn, NY my home' }));
    },
    staysAt: '/onboarding/location',
  },
  {
    form: 'Skip for now',
    geolocation: 'never',
    request: 'POST /api/fan/location/skip',
    act: async (user) => user.click(await screen.findByRole('button', { name: 'Skip for now' })),
    staysAt: '/onboarding/spotify',
  },
];

afterEach(() => Reflect.deleteProperty(navigator, 'geolocation'));

/** The location step never fails silently. */
describe.each(FORMS)('location step: $form', ({ geolocation, request, act, staysAt }) => {
  it.each(REQUEST_FAILURES)('$name', async (failure) => {
    stubFan({ 'PUT /api/fan/location': () => json(locateResult()), [request]: failure.answer });
    stubGeolocation(geolocation);
    const { user, router } = renderApp('/onboarding/location');
    await act(user);
    await expectFailureShown(failure.message);
    await waitFor(() => expect(router.state.location.pathname).toBe(staysAt));
  });
});
