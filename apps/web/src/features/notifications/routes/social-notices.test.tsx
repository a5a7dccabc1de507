import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json, sessionUser, stubApi } from '@/testing/stub-api';
import { FakeEventSource, stubEventSource } from '../testing/fake-event-source';
import { notificationPage, socialNotice } from '../testing/fixtures';

type Handlers = Parameters<typeof stubApi>[0];

function stubFan(items: ReturnType<typeof socialNotice>[], handlers: Handlers = {}) {
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ role: 'fan', profileComplete: true }) }),
    'GET /api/notifications': () => json(notificationPage({ items, unread: items.length })),
    'POST /api/notifications/read': () => json({ unread: 0 }),
    ...handlers,
  });
}

const alertsList = () => screen.findByRole('list', { name: 'Alerts' });

describe('Show Pals notices in the notification centre', () => {
  it('shows the fan who sent each and links a request to /social, an acceptance to their profile, an invite to the show', async () => {
    stubFan([
      socialNotice('pal_request'),
      socialNotice('pal_accepted'),
      socialNotice('going_invite', { invite: { state: 'going' } }),
    ]);
    renderApp('/notifications');
    const links = within(await alertsList()).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/social',
      '/fans/sam',
      '/shows/show-1',
    ]);
    for (const link of links) {
      // The face: the initials beside the name in the title.
      expect(within(link).getByText('SR')).toBeTruthy();
      expect(link.textContent).not.toContain('Why:');
    }
    // Each says why it came: Sam's act, and for the invite that Sam is a Show Pal.
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringContaining('Your privacy settings allow Show Pal requests'),
      expect.stringContaining('You asked Sam Rivera to be your Show Pal'),
      expect.stringContaining("Sam Rivera invited you — you're Show Pals"),
    ]);
    // Answered elsewhere: the outcome, no buttons.
    expect(screen.getByText("You're going")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Going' })).toBeNull();
  });

  it('answers an open invite with Going without leaving the centre, then says so', async () => {
    const fetchMock = stubFan([socialNotice('going_invite')], {
      'POST /api/shows/show-1/invites/answer': () => json({ state: 'going' }),
    });
    const { user, router } = renderApp('/notifications');
    const list = await alertsList();
    const going = within(list).getByRole('button', { name: 'Going' });
    const notNow = within(list).getByRole('button', { name: 'Not this time' });
    // Valid HTML: the buttons are beside the link, not in it.
    expect(going.closest('a')).toBeNull();
    expect(notNow.closest('a')).toBeNull();

    // Keyboard: Tab from the link reaches Going, then Not this time.
    within(list).getByRole('link').focus();
    await user.tab();
    expect(document.activeElement).toBe(going);
    await user.tab();
    expect(document.activeElement).toBe(notNow);

    await user.keyboard('{Shift>}{Tab}{/Shift}{Enter}');
    expect(await within(list).findByText("You're going")).toBeTruthy();
    expect(within(list).queryByRole('button')).toBeNull();
    expect(router.state.location.pathname).toBe('/notifications');
    expect(callsTo(fetchMock, 'POST /api/shows/show-1/invites/answer')).toEqual([
      { answer: 'going' },
    ]);
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/notifications/read')).toEqual([
        { ids: ['n-going_invite'] },
      ]),
    );
  });

  it('answers Not this time, and says why when the server refuses', async () => {
    let refuse = true;
    const fetchMock = stubFan([socialNotice('going_invite')], {
      'POST /api/shows/show-1/invites/answer': () =>
        refuse
          ? apiError(409, 'CONFLICT', 'This invite is no longer open')
          : json({ state: 'declined' }),
    });
    const { user } = renderApp('/notifications');
    const list = await alertsList();
    await user.click(within(list).getByRole('button', { name: 'Not this time' }));
    expect((await within(list).findByRole('alert')).textContent).toBe(
      'This invite is no longer open',
    );
    expect(within(list).getByRole('button', { name: 'Going' })).toBeTruthy();

    refuse = false;
    await user.click(within(list).getByRole('button', { name: 'Not this time' }));
    expect(await within(list).findByText('Not this time', { selector: 'p' })).toBeTruthy();
    expect(within(list).queryByRole('alert')).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/shows/show-1/invites/answer')).toEqual([
      { answer: 'declined' },
      { answer: 'declined' },
    ]);
  });

  it('renders an invite from the live stream the same, buttons and all', async () => {
    stubEventSource();
    stubFan([], {
      'POST /api/shows/show-1/invites/answer': () => json({ state: 'going' }),
    });
    const { user } = renderApp('/notifications');
    await screen.findByText('All caught up');
    act(() =>
      FakeEventSource.open()[0]?.emit(
        'notification',
        socialNotice('going_invite', { createdAt: new Date().toISOString() }),
      ),
    );
    const list = await alertsList();
    expect(within(list).getByRole('link').getAttribute('href')).toBe('/shows/show-1');
    await user.click(within(list).getByRole('button', { name: 'Going' }));
    expect(await within(list).findByText("You're going")).toBeTruthy();
  });
});
