import type { TGoingInvite } from '@encore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json } from '@/testing/stub-api';
import { palFan, profileShow, stubSocialFan } from '../testing/fixtures';

const invite = (overrides: Partial<TGoingInvite> = {}): TGoingInvite => ({
  show: profileShow(),
  from: [palFan()],
  sentAt: '2026-11-20T12:00:00.000Z',
  ...overrides,
});

const sections = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('Invites on /social', () => {
  it('comes first, each show linking to its page with who invited and Going / Not this time', async () => {
    stubSocialFan({}, [], {
      'GET /api/social/invites': () =>
        json({
          invites: [
            invite(),
            invite({
              show: profileShow({
                id: 'show-2',
                performer: { id: 'a-2', name: 'Neon Harbor', photoUrl: null, genres: [] },
              }),
              from: [
                palFan({ id: 'f-1', name: 'Alex Kim' }),
                palFan({ id: 'f-2', name: 'Jo Lin' }),
                palFan({ id: 'f-3', name: 'Lee Ortiz' }),
              ],
            }),
          ],
        }),
    });
    renderApp('/social');
    const first = await screen.findByRole('article', {
      name: 'Night Static, invited by Sam Rivera',
    });
    await screen.findByRole('heading', { name: 'My Show Pals' });
    expect(sections()[0]).toBe('Invites');
    const showLink = within(first).getByRole('link');
    expect(showLink.getAttribute('href')).toBe('/shows/show-1');
    expect(showLink.textContent).toContain('The Lantern, Chicago, IL');
    expect(showLink.textContent).toContain('Sat, Jun 12, 2027, 8:00 PM CDT');
    expect(within(first).getByText('Sam Rivera invited you')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Going' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Not this time' })).toBeTruthy();
    expect(
      screen.getByRole('article', {
        name: 'Neon Harbor, invited by Alex Kim, Jo Lin and 1 other',
      }),
    ).toBeTruthy();
  });

  it('is absent when no invite is open', async () => {
    stubSocialFan({});
    renderApp('/social');
    await screen.findByRole('heading', { name: 'My Show Pals' });
    expect(sections()).not.toContain('Invites');
  });

  it('answers Going, says so and refetches the invites; a refusal is said on the spot', async () => {
    let open = [invite()];
    let refuse = true;
    const fetchMock = stubSocialFan({}, [], {
      'GET /api/social/invites': () => json({ invites: open }),
      'POST /api/shows/show-1/invites/answer': () => {
        if (refuse) return apiError(409, 'CONFLICT', 'This show has already started');
        open = [];
        return json({ state: 'going' });
      },
    });
    const { user } = renderApp('/social');
    const card = await screen.findByRole('article', { name: /^Night Static, invited by/ });
    await user.click(within(card).getByRole('button', { name: 'Going' }));
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'This show has already started',
    );

    refuse = false;
    await user.click(within(card).getByRole('button', { name: 'Going' }));
    expect(await screen.findByText("You're going", { selector: '[data-title]' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Invites' })).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/shows/show-1/invites/answer')).toEqual([
      { answer: 'going' },
      { answer: 'going' },
    ]);
  });
});
