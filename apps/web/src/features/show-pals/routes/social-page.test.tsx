import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json } from '@/testing/stub-api';
import { palFan, showPal, stubSocialFan, suggestion } from '../testing/fixtures';

const row = (name: string) => screen.getByRole('article', { name });

describe('Show Pals', () => {
  it('lists requests, pals with shows in common, suggestions with why, and sent requests', async () => {
    stubSocialFan(
      {
        pals: [showPal(), showPal({ id: 'fan-3', name: 'Alex Kim', city: null, sharedShows: 0 })],
        incoming: [
          { fan: palFan({ id: 'fan-4', name: 'Lee Ortiz' }), sentAt: '2026-11-20T12:00:00.000Z' },
        ],
        outgoing: [
          { fan: palFan({ id: 'fan-5', name: 'Max Roy' }), sentAt: '2026-11-21T12:00:00.000Z' },
        ],
      },
      [
        suggestion(),
        suggestion({
          id: 'fan-8',
          name: 'Jo Lin',
          canRequest: false,
          reason: 'also watches Neon Harbor',
        }),
      ],
    );
    renderApp('/social');
    expect(await screen.findByRole('heading', { name: 'Show Pals', level: 1 })).toBeTruthy();
    await screen.findByRole('article', { name: 'Sam Rivera' });
    expect(row('Sam Rivera').textContent).toContain('Chicago');
    expect(row('Sam Rivera').textContent).toContain('3 shows in common');
    expect(row('Alex Kim').textContent).toContain('No shows in common yet');
    const request = row('Lee Ortiz');
    expect(request.textContent).toContain('Asked Nov 20, 2026');
    expect(within(request).getByRole('button', { name: 'Accept Lee Ortiz' })).toBeTruthy();
    expect(within(request).getByRole('button', { name: 'Decline Lee Ortiz' })).toBeTruthy();
    expect(within(row('Max Roy')).getByRole('button', { name: 'Cancel Max Roy' })).toBeTruthy();
    expect(await screen.findByText('2 shows in common')).toBeTruthy();
    expect(within(row('Kim Park')).getByRole('button', { name: 'Add Kim Park' })).toBeTruthy();
    // A fan who takes no request from me gets no 'Add'.
    expect(within(row('Jo Lin')).queryByRole('button', { name: 'Add Jo Lin' })).toBeNull();
    expect(row('Jo Lin').textContent).toContain('also watches Neon Harbor');
  });

  it('Add sends the request and refetches the lists', async () => {
    const fetchMock = stubSocialFan({}, [suggestion()], {
      'POST /api/social/requests': () => json({ relation: 'requested' }),
    });
    const { user } = renderApp('/social');
    await user.click(await screen.findByRole('button', { name: 'Add Kim Park' }));
    expect(await screen.findByText('Request sent to Kim Park')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/social/requests')).toEqual([{ fanId: 'fan-9' }]);
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/social/suggestions')).toHaveLength(2));
  });

  it('shows why a request was refused, and changes nothing', async () => {
    stubSocialFan({}, [suggestion()], {
      'POST /api/social/requests': () =>
        apiError(409, 'CONFLICT', 'This fan is not accepting Show Pal requests'),
    });
    const { user } = renderApp('/social');
    await user.click(await screen.findByRole('button', { name: 'Add Kim Park' }));
    expect(await screen.findByText('Could not send Kim Park a request')).toBeTruthy();
    expect(await screen.findByText('This fan is not accepting Show Pal requests')).toBeTruthy();
    expect(within(row('Kim Park')).getByRole('button', { name: 'Add Kim Park' })).toBeTruthy();
  });

  it('lists the fans I blocked, and Unblock undoes a block', async () => {
    const fetchMock = stubSocialFan({}, [], {
      'GET /api/social/blocks': () => json({ fans: [palFan({ id: 'fan-6', name: 'Pat Doe' })] }),
      'DELETE /api/social/blocks/fan-6': () => new Response(null, { status: 204 }),
    });
    const { user } = renderApp('/social');
    await user.click(await screen.findByRole('button', { name: 'Unblock Pat Doe' }));
    expect(await screen.findByText('Pat Doe is no longer blocked')).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE /api/social/blocks/fan-6')).toHaveLength(1);
  });

  it('says what to do when there are no pals and no suggestions', async () => {
    stubSocialFan({});
    renderApp('/social');
    expect(await screen.findByText('No Show Pals yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find shows to go to' }).getAttribute('href')).toBe(
      '/alerts',
    );
    expect(await screen.findByText(/No suggestions yet/)).toBeTruthy();
  });

  it('offers to try again when the lists cannot be loaded', async () => {
    stubSocialFan({}, [], {
      'GET /api/social': () => apiError(503, 'UNAVAILABLE', 'Encore is briefly unavailable'),
    });
    renderApp('/social');
    expect(await screen.findByText(/We could not load your Show Pals/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
