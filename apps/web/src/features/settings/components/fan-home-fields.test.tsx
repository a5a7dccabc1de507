import type { TFanLocation, TLocateResult } from '@encore/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { removeGeolocation, stubGeolocation } from '@/testing/geolocation';
import { renderApp } from '@/testing/render-app';
import { callsTo, json, type stubApi } from '@/testing/stub-api';
import { fanProfile, stubFanSettingsApi } from '../testing/fixtures';

// Settings › Profile edits what alerts are matched by: the home ZIP (the city comes from it, on
// the server), the concert radius and the favourite genres, with setup's fields and rules.

const PLACES: Record<string, { homeCity: string; homeState: string }> = {
  '60614': { homeCity: 'Chicago', homeState: 'IL' },
  '11211': { homeCity: 'Brooklyn', homeState: 'NY' },
};

/** A fan in Brooklyn (11201), 25 mi, Rock; PATCH answers as the server would (city from ZIP). */
function stubFan(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubFanSettingsApi({
    'PATCH /api/profile/fan': ({ body }) => {
      const patch = body as { zipCode: string };
      return json({ profile: fanProfile({ ...patch, ...PLACES[patch.zipCode] }) });
    },
    ...extra,
  });
}

const williamsburg = (): TFanLocation => ({
  latitude: 40.7081,
  longitude: -73.9571,
  city: 'Brooklyn',
  state: 'NY',
  zipCode: '11211',
  source: 'device',
  locatedAt: '2026-11-22T12:00:00.000Z',
});
const locateResult = (overrides: Partial<TLocateResult> = {}): TLocateResult => ({
  location: williamsburg(),
  home: { city: 'Brooklyn', state: 'NY', zipCode: '11201' },
  isHome: false,
  resolved: true,
  ...overrides,
});

const zipInput = () => screen.findByLabelText<HTMLInputElement>('ZIP Code');
const slider = () => screen.getByRole<HTMLInputElement>('slider', { name: 'Concert Radius' });
const genre = (name: string) => screen.getByRole('button', { name });
const save = async (user: { click: (e: Element) => Promise<void> }) =>
  user.click(screen.getByRole('button', { name: 'Save Changes' }));

describe('Settings › Profile: home and taste', () => {
  it('shows the saved ZIP, the home named from it, the radius and the genres; no city field', async () => {
    stubFan();
    renderApp('/settings/fan');
    const zip = await zipInput();
    expect(zip.value).toBe('11201');
    expect(zip.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Shows are matched around Brooklyn, NY 11201.')).toBeTruthy();
    expect(screen.queryByLabelText('Home City')).toBeNull();
    expect(slider().value).toBe('25');
    expect(slider().getAttribute('aria-valuetext')).toBe('25 miles');
    expect(slider().min).toBe('10');
    expect(slider().max).toBe('100');
    expect(slider().step).toBe('5');
    expect(genre('Rock').getAttribute('aria-pressed')).toBe('true');
    expect(genre('Jazz').getAttribute('aria-pressed')).toBe('false');
  });

  it('saves a new ZIP, radius and genres, and then names the new home', async () => {
    const fetchMock = stubFan();
    const { user } = renderApp('/settings/fan');
    const zip = await zipInput();
    await user.clear(zip);
    await user.type(zip, '60614');
    expect(
      screen.getByText('Your city and state will come from the new ZIP code when you save.'),
    ).toBeTruthy();
    fireEvent.input(slider(), { target: { value: '50' } });
    await user.click(genre('Jazz'));
    await save(user);
    await screen.findByText('Profile updated');
    expect(callsTo(fetchMock, 'PATCH /api/profile/fan')).toEqual([
      {
        tagName: 'nightowl',
        phone: '(555) 123-4567',
        zipCode: '60614',
        preferredRadius: 50,
        favoriteGenres: ['Rock', 'Jazz'],
      },
    ]);
    expect(await screen.findByText('Shows are matched around Chicago, IL 60614.')).toBeTruthy();
    expect(slider().value).toBe('50');
  });

  it('checks the ZIP and the genres with the setup rules before sending anything', async () => {
    const fetchMock = stubFan();
    const { user } = renderApp('/settings/fan');
    const zip = await zipInput();
    await user.clear(zip);
    await user.type(zip, '606');
    await user.click(genre('Rock'));
    await save(user);
    expect(await screen.findByText('ZIP code must be 5 digits')).toBeTruthy();
    expect(screen.getByText('Please select at least one favorite genre')).toBeTruthy();
    expect(document.activeElement).toBe(zip);
    expect(callsTo(fetchMock, 'PATCH /api/profile/fan')).toHaveLength(0);
  });

  it('puts the server’s unknown-ZIP error under the ZIP field', async () => {
    stubFan({
      'PATCH /api/profile/fan': () =>
        json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Please correct the highlighted fields',
              fields: { zipCode: 'We could not find this ZIP code' },
            },
          },
          400,
        ),
    });
    const { user } = renderApp('/settings/fan');
    const zip = await zipInput();
    await user.clear(zip);
    await user.type(zip, '00000');
    await save(user);
    expect(await screen.findByText('We could not find this ZIP code')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(zip));
  });

  it('‘Use my location’ fills the nearest ZIP; saving makes it the home', async () => {
    const fetchMock = stubFan({ 'PUT /api/fan/location': () => json(locateResult()) });
    stubGeolocation({ position: { latitude: 40.7081, longitude: -73.9571 } });
    const { user } = renderApp('/settings/fan');
    const zip = await zipInput();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(zip.value).toBe('11211'));
    expect(callsTo(fetchMock, 'PUT /api/fan/location')).toEqual([
      { latitude: 40.7081, longitude: -73.9571 },
    ]);
    expect(
      screen.getByText('You’re near Brooklyn, NY 11211. Save Changes to make it your home.'),
    ).toBeTruthy();
    // Nothing is saved until the fan says so.
    expect(callsTo(fetchMock, 'PATCH /api/profile/fan')).toHaveLength(0);
    await save(user);
    await screen.findByText('Profile updated');
    expect(callsTo(fetchMock, 'PATCH /api/profile/fan')).toEqual([
      expect.objectContaining({ zipCode: '11211' }),
    ]);
    expect(await screen.findByText('Shows are matched around Brooklyn, NY 11211.')).toBeTruthy();
  });

  it('‘Use my location’ says why when there is no position, or none near a US city, and keeps the ZIP', async () => {
    const fetchMock = stubFan({
      'PUT /api/fan/location': () =>
        json(
          locateResult({ resolved: false, location: { ...williamsburg(), source: 'fallback' } }),
        ),
    });
    stubGeolocation({ error: 1 });
    const { user } = renderApp('/settings/fan');
    const zip = await zipInput();
    const button = screen.getByRole('button', { name: 'Use my location' });
    await user.click(button);
    expect(await screen.findByText('Location access was refused.')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/fan/location')).toHaveLength(0);

    stubGeolocation({ position: { latitude: 51.5072, longitude: -0.1276 } });
    await user.click(button);
    expect(await screen.findByText('Your position is not near a US city.')).toBeTruthy();
    expect(zip.value).toBe('11201');

    removeGeolocation();
    await user.click(button);
    expect(await screen.findByText('This browser cannot share its location.')).toBeTruthy();
  });
});
