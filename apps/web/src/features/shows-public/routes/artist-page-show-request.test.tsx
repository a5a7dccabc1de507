import type { TShowRequestState } from '@encore/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, json, sessionUser, stubApi } from '@/testing/stub-api';
import { artistPage } from '../testing/fixtures';

const REQUEST = 'GET /api/artists/artist-1/show-request';
const place = { zipCode: '80202', city: 'Denver', state: 'CO' };
const state = (over: Partial<TShowRequestState> = {}): TShowRequestState => ({
  place,
  requested: false,
  fans: 0,
  ...over,
});
const signedIn = (role: 'fan' | 'performer' | 'venue') => ({
  'GET /api/account/session': () => json({ user: sessionUser({ role, profileComplete: true }) }),
  'GET /api/artists/artist-1': () => json(artistPage()),
});

describe('Request a show near me', () => {
  it('a fan asks for their home place, then sees Requested · Withdraw and the count', async () => {
    const asked: unknown[] = [];
    stubApi({
      ...signedIn('fan'),
      [REQUEST]: () => json(state({ fans: 211 })),
      'POST /api/artists/artist-1/show-request': ({ body }) => {
        asked.push(body);
        return json(state({ requested: true, fans: 212 }));
      },
    });
    renderApp('/artists/artist-1');
    expect(await screen.findByText('211 fans asked for Denver')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Request a show near me' }));
    expect(await screen.findByText('Requested')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeTruthy();
    expect(screen.getByText('212 fans asked for Denver')).toBeTruthy();
    expect(asked).toEqual([{ zipCode: '80202' }]);
  });

  it('withdraws with the place asked for, and a small count reads "A few"', async () => {
    const withdrawn: string[] = [];
    stubApi({
      ...signedIn('fan'),
      [REQUEST]: () => json(state({ requested: true, fans: null })),
      'DELETE /api/artists/artist-1/show-request': ({ query }) => {
        withdrawn.push(query.get('zipCode') ?? '');
        return json(state());
      },
    });
    renderApp('/artists/artist-1');
    expect(await screen.findByText('A few fans asked for Denver')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('button', { name: 'Request a show near me' })).toBeTruthy();
    expect(withdrawn).toEqual(['80202']);
  });

  it('shows the server’s refusal under the button', async () => {
    stubApi({
      ...signedIn('fan'),
      [REQUEST]: () => json(state()),
      'POST /api/artists/artist-1/show-request': () =>
        apiError(409, 'CONFLICT', 'You already asked for a show here'),
    });
    renderApp('/artists/artist-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Request a show near me' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You already asked for a show here',
    );
  });

  it('asks a signed-out visitor to log in', async () => {
    stubApi({ 'GET /api/artists/artist-1': () => json(artistPage()) });
    renderApp('/artists/artist-1');
    expect(
      await screen.findByRole('link', { name: 'Login to ask for a show near you' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request a show near me' })).toBeNull();
  });

  it.each(['performer', 'venue'] as const)('is not offered to a %s', async (role) => {
    const fetchMock = stubApi(signedIn(role));
    renderApp('/artists/artist-1');
    expect(await screen.findByRole('heading', { name: 'Night Static', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request a show near me' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Login to ask for a show near you' })).toBeNull();
    const asked = fetchMock.mock.calls.filter(([input]) => String(input).includes('show-request'));
    expect(asked).toEqual([]);
  });
});
