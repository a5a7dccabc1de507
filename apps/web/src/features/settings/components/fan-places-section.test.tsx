import { FAN_PLACE_MESSAGES as M, type TFanPlace } from '@encore/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { expectFailureShown, REQUEST_FAILURES } from '@/testing/request-failures';
import { apiError, callsTo, json, type stubApi } from '@/testing/stub-api';
import { stubFanSettingsApi } from '../testing/fixtures';

const NEXT_YEAR = new Date().getFullYear() + 1;

const place = (overrides: Partial<TFanPlace> = {}): TFanPlace => ({
  id: 'p1',
  label: 'Austin, TX',
  city: 'Austin',
  state: 'TX',
  zipCode: null,
  radius: 25,
  tripStart: `${NEXT_YEAR}-03-10`,
  tripEnd: `${NEXT_YEAR}-03-17`,
  ...overrides,
});

function stubFan(places: TFanPlace[], extra: Parameters<typeof stubApi>[0] = {}) {
  return stubFanSettingsApi({ 'GET /api/fan/places': () => json({ places }), ...extra });
}

const section = async () =>
  within(
    (await screen.findByRole('heading', { name: 'Other places' })).closest('div')
      ?.parentElement as HTMLElement,
  );

describe('Settings › Other places', () => {
  it('says when there are none, and adds a trip', async () => {
    const added = place();
    const fetchMock = stubFan([], { 'POST /api/fan/places': () => json({ places: [added] }) });
    const { user } = renderApp('/settings/fan');
    const box = await section();
    expect(await box.findByText(/No other places yet/)).toBeTruthy();
    await user.click(box.getByRole('button', { name: 'Add a place' }));
    await user.type(box.getByLabelText('City or ZIP'), 'Austin, TX');
    await user.type(box.getByLabelText('Trip starts'), `${NEXT_YEAR}-03-10`);
    await user.type(box.getByLabelText('Trip ends'), `${NEXT_YEAR}-03-17`);
    await user.click(box.getByRole('button', { name: 'Save place' }));
    expect(await screen.findByText('Place added')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/fan/places')).toEqual([
      {
        near: 'Austin, TX',
        radius: 25,
        tripStart: `${NEXT_YEAR}-03-10`,
        tripEnd: `${NEXT_YEAR}-03-17`,
      },
    ]);
    expect(box.getByText('Austin, TX')).toBeTruthy();
    expect(box.getByText('Within 25 miles · Trip, Mar 10–17')).toBeTruthy();
  });

  it('checks the dates as the server does and sends nothing', async () => {
    const fetchMock = stubFan([]);
    const { user } = renderApp('/settings/fan');
    const box = await section();
    await user.click(await box.findByRole('button', { name: 'Add a place' }));
    await user.type(box.getByLabelText('City or ZIP'), '78701');
    await user.type(box.getByLabelText('Trip starts'), `${NEXT_YEAR}-03-17`);
    await user.type(box.getByLabelText('Trip ends'), `${NEXT_YEAR}-03-10`);
    await user.click(box.getByRole('button', { name: 'Save place' }));
    expect(await box.findByText(M.tripOrder)).toBeTruthy();
    const end = box.getByLabelText('Trip ends');
    await user.clear(end);
    await user.clear(box.getByLabelText('Trip starts'));
    await user.type(box.getByLabelText('Trip starts'), '2020-03-10');
    await user.type(end, '2020-03-17');
    await user.click(box.getByRole('button', { name: 'Save place' }));
    expect(await box.findByText(M.tripPast)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/fan/places')).toHaveLength(0);
  });

  it('puts the server’s word on an unknown place under the field', async () => {
    stubFan([], {
      'POST /api/fan/places': () =>
        apiError(400, 'VALIDATION_FAILED', M.nearUnknown, { near: M.nearUnknown }),
    });
    const { user } = renderApp('/settings/fan');
    const box = await section();
    await user.click(await box.findByRole('button', { name: 'Add a place' }));
    await user.type(box.getByLabelText('City or ZIP'), 'Nowhereville');
    await user.click(box.getByRole('button', { name: 'Save place' }));
    expect(await box.findByText(M.nearUnknown)).toBeTruthy();
  });

  it('edits and removes a place', async () => {
    const kept = place();
    const fetchMock = stubFan([kept], {
      'PUT /api/fan/places/p1': ({ body }) =>
        json({ places: [{ ...kept, radius: (body as { radius: number }).radius }] }),
      'DELETE /api/fan/places/p1': () => json({ places: [] }),
    });
    const { user } = renderApp('/settings/fan');
    const box = await section();
    await user.click(await box.findByRole('button', { name: 'Edit Austin, TX' }));
    expect((box.getByLabelText('City or ZIP') as HTMLInputElement).value).toBe('Austin, TX');
    await user.click(box.getByRole('button', { name: 'Save place' }));
    expect(await screen.findByText('Place updated')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/fan/places/p1')).toHaveLength(1);
    await user.click(box.getByRole('button', { name: 'Remove Austin, TX' }));
    expect(await screen.findByText('Place removed')).toBeTruthy();
    expect(await box.findByText(/No other places yet/)).toBeTruthy();
  });

  it('offers no sixth place', async () => {
    stubFan(['a', 'b', 'c', 'd', 'e'].map((id) => place({ id, label: `Place ${id}` })));
    renderApp('/settings/fan');
    const box = await section();
    expect(await box.findByText(/You keep 5 places/)).toBeTruthy();
    expect(box.queryByRole('button', { name: 'Add a place' })).toBeNull();
  });

  it('says when the places could not be loaded, with a retry', async () => {
    stubFan([], { 'GET /api/fan/places': () => apiError(500, 'INTERNAL', 'Something broke') });
    renderApp('/settings/fan');
    const box = await section();
    expect(await box.findByText(/We could not load your places/)).toBeTruthy();
    expect(box.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  describe.each(REQUEST_FAILURES)('when the request fails ($name)', ({ answer, message }) => {
    it('says so on saving a place', async () => {
      stubFan([], { 'POST /api/fan/places': answer });
      const { user } = renderApp('/settings/fan');
      const box = await section();
      await user.click(await box.findByRole('button', { name: 'Add a place' }));
      await user.type(box.getByLabelText('City or ZIP'), '78701');
      await user.click(box.getByRole('button', { name: 'Save place' }));
      await expectFailureShown(message);
    });

    it('says so on removing a place', async () => {
      stubFan([place()], { 'DELETE /api/fan/places/p1': answer });
      const { user } = renderApp('/settings/fan');
      const box = await section();
      await user.click(await box.findByRole('button', { name: 'Remove Austin, TX' }));
      await expectFailureShown(message);
      expect(box.getByText('Austin, TX')).toBeTruthy();
    });
  });
});
