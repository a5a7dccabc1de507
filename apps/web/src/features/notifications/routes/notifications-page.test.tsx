import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json, sessionUser, stubApi } from '@/testing/stub-api';
import { FakeEventSource, stubEventSource } from '../testing/fake-event-source';
import { notification, notificationPage } from '../testing/fixtures';

type Handlers = Parameters<typeof stubApi>[0];

function stubFan(handlers: Handlers = {}) {
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ role: 'fan', profileComplete: true }) }),
    'GET /api/notifications': () => json(notificationPage()),
    ...handlers,
  });
}

/** The centre open on its first page, with its live stream: answers the stream. */
async function centreWithStream() {
  stubEventSource();
  stubFan();
  renderApp('/notifications');
  await screen.findByRole('link', { name: /Night Static announced a show/ });
  return FakeEventSource.open()[0];
}

const bell = () => screen.getByRole('link', { name: /^Notifications/ });
const alertsList = () => screen.getByRole('list', { name: 'Alerts' });

describe('notification bell', () => {
  it('shows the unread count and follows the live stream, capped at 99+', async () => {
    stubEventSource();
    stubFan({ 'GET /api/notifications': () => json(notificationPage({ unread: 2 })) });
    const { unmount } = renderApp('/notifications');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread'));
    expect(bell().getAttribute('href')).toBe('/notifications');
    expect(bell().textContent).toBe('2');

    const [stream, ...others] = FakeEventSource.open();
    expect(others).toHaveLength(0);
    expect(stream?.url).toBe('/api/notifications/stream');
    act(() => stream?.emit('unread', { unread: 0 }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(bell().textContent).toBe('');
    act(() => stream?.emit('unread', { unread: 120 }));
    await waitFor(() => expect(bell().textContent).toBe('99+'));
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 120 unread');

    unmount();
    expect(FakeEventSource.open()).toHaveLength(0);
  });

  it('puts a live alert at the top of the list without a reload, once', async () => {
    const stream = await centreWithStream();
    const live = notification({
      id: 'n-2',
      title: 'Price drop: Night Static',
      reason: 'Rock show 12 mi from Brooklyn, NY — within your 25 mi radius',
      showId: 'show-2',
      createdAt: new Date().toISOString(),
    });
    act(() => {
      stream?.emit('notification', live);
      stream?.emit('notification', live); // a reconnect may replay it
    });
    await waitFor(() => expect(within(alertsList()).getAllByRole('listitem')).toHaveLength(2));
    const [first] = within(alertsList()).getAllByRole('link');
    expect(first?.textContent).toContain('Price drop: Night Static');
    expect(first?.textContent).toContain(
      'Why: Rock show 12 mi from Brooklyn, NY — within your 25 mi radius',
    );
    expect(first?.getAttribute('href')).toBe('/shows/show-2');
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread');
    // Visible page: a toast says what came.
    expect(
      await screen.findByText('Price drop: Night Static', { selector: '[data-title]' }),
    ).toBeTruthy();
  });

  it('updates an alert sent again where it stands: its digest line, no second toast', async () => {
    const stream = await centreWithStream();
    const live = notification({ id: 'n-2', title: 'Low Tide announced a show', inDigest: [] });
    act(() => stream?.emit('notification', live));
    const link = await screen.findByRole('link', { name: /Low Tide announced a show/ });
    expect(link.textContent).not.toContain('digest');
    expect(
      await screen.findAllByText('Low Tide announced a show', { selector: '[data-title]' }),
    ).toHaveLength(1);
    // A big announcement's digest rows are written after its in-app alert (decision 056).
    act(() => stream?.emit('notification', { ...live, inDigest: ['email'] }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Low Tide announced a show/ }).textContent).toContain(
        'In your next daily digest · Email',
      ),
    );
    expect(within(alertsList()).getAllByRole('listitem')).toHaveLength(2);
    expect(
      screen.getAllByText('Low Tide announced a show', { selector: '[data-title]' }),
    ).toHaveLength(1);
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread');
  });

  it('keeps a live alert that arrives while the list is being fetched', async () => {
    stubEventSource();
    const live = notification({ id: 'n-2', title: 'Price drop: Night Static' });
    // The list's first answer was read before the live alert was written: it lacks it, and it
    // lands after the alert came.
    let answerFirst: (response: Response) => void = () => {};
    let lists = 0;
    stubFan({
      'GET /api/notifications': ({ query }) => {
        if (query.get('limit') === '1') return json(notificationPage());
        lists += 1;
        if (lists > 1) return json(notificationPage({ items: [live, notification()], unread: 2 }));
        return new Promise<Response>((resolve) => {
          answerFirst = resolve;
        });
      },
    });
    renderApp('/notifications');
    await waitFor(() => expect(lists).toBe(1));
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
    act(() => FakeEventSource.open()[0]?.emit('notification', live));
    answerFirst(json(notificationPage()));

    await screen.findByRole('link', { name: /Price drop: Night Static/ });
    expect(within(alertsList()).getAllByRole('listitem')).toHaveLength(2);
  });

  it('keeps a live artist message’s menu (mute, report) without a reload', async () => {
    const stream = await centreWithStream();
    const artist = { performerId: 'performer-1', name: 'Night Static', muted: false };
    const title = 'Message from Night Static';
    const live = notification({ id: 'n-3', kind: 'artist_message', title, showId: null, artist });
    act(() => stream?.emit('notification', live));
    await screen.findByRole('link', { name: /Message from Night Static/ });
    expect(screen.getByRole('button', { name: 'Message options' })).toBeTruthy();
  });
});

describe('notification centre', () => {
  it('lists alerts with why they came, marks unread ones and marks one read as it opens', async () => {
    const fetchMock = stubFan({
      'GET /api/notifications': () =>
        json(
          notificationPage({
            items: [
              notification(),
              notification({
                id: 'n-0',
                title: 'On sale: The Owls',
                reason: "You're going to this show",
                showId: 'show-0',
                readAt: '2026-01-01T00:00:00.000Z',
              }),
            ],
          }),
        ),
      'POST /api/notifications/read': () => json({ unread: 0 }),
    });
    const { user, router } = renderApp('/notifications');
    expect(await screen.findByRole('heading', { name: 'Notifications', level: 1 })).toBeTruthy();
    const [unread, read] = within(await screen.findByRole('list', { name: 'Alerts' })).getAllByRole(
      'link',
    );
    expect(unread?.textContent).toContain('Unread: Night Static announced a show');
    expect(unread?.textContent).toContain('Sat, Jun 14, 8:00 PM · The Lantern, Chicago, IL');
    expect(unread?.textContent).toContain('Why: You watch Night Static');
    expect(unread?.textContent).toContain('5 minutes ago');
    expect(read?.textContent).not.toContain('Unread');
    expect(read?.textContent).toContain("Why: You're going to this show");
    expect(screen.getByText('1 unread')).toBeTruthy();

    await user.click(unread as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/shows/show-1'));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/notifications/read')).toEqual([{ ids: ['n-1'] }]),
    );
  });

  it('marks all as read', async () => {
    const fetchMock = stubFan({ 'POST /api/notifications/read': () => json({ unread: 0 }) });
    const { user } = renderApp('/notifications');
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await screen.findByText('All caught up');
    expect(callsTo(fetchMock, 'POST /api/notifications/read')).toEqual([{ all: true }]);
    expect(alertsList().textContent).not.toContain('Unread');
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    expect(screen.getByRole('button', { name: 'Mark all as read' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('keeps Mark all as read disabled, and says why, when nothing is unread', async () => {
    stubFan({
      'GET /api/notifications': () =>
        json(
          notificationPage({
            items: [notification({ readAt: '2026-01-01T00:00:00.000Z' })],
            unread: 0,
          }),
        ),
    });
    renderApp('/notifications');
    const button = await screen.findByRole('button', {
      name: 'Mark all as read',
      description: 'All caught up',
    });
    expect(button.hasAttribute('disabled')).toBe(true);
    // It looks disabled too: dimmed, with no hover that would promise it works.
    expect(button.className).toContain('disabled:opacity-50');
    expect(button.className).not.toMatch(/(^|\s)hover:border-accent/);
  });

  it('loads more with the cursor of the last page', async () => {
    const fetchMock = stubFan({
      'GET /api/notifications': ({ query }) =>
        json(
          query.get('cursor') === 'page-2'
            ? notificationPage({
                items: [notification({ id: 'n-old', title: 'Lineup change: The Owls' })],
              })
            : notificationPage({ nextCursor: 'page-2' }),
        ),
    });
    const { user } = renderApp('/notifications');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Lineup change: The Owls')).toBeTruthy();
    expect(within(alertsList()).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const cursors = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter(
        (url) => url.pathname === '/api/notifications' && url.searchParams.get('limit') === '20',
      )
      .map((url) => url.searchParams.get('cursor'));
    expect(cursors).toEqual([null, 'page-2']);
  });

  it('says which alerts wait for the daily digest, and on which channels', async () => {
    stubFan({
      'GET /api/notifications': () =>
        json(
          notificationPage({
            items: [
              notification({
                id: 'n-2',
                title: 'Low Tide announced a show',
                inDigest: ['push', 'sms'],
              }),
              notification(),
            ],
          }),
        ),
    });
    renderApp('/notifications');
    const held = await screen.findByRole('link', { name: /Low Tide announced a show/ });
    expect(held.textContent).toContain('In your next daily digest · Push, SMS');
    const sent = screen.getByRole('link', { name: /Night Static announced a show/ });
    expect(sent.textContent).not.toContain('digest');
  });

  it('says what brings alerts when there are none', async () => {
    stubFan({ 'GET /api/notifications': () => json(notificationPage({ items: [], unread: 0 })) });
    renderApp('/notifications');
    expect(await screen.findByRole('heading', { name: 'No alerts yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Watch artists' }).getAttribute('href')).toBe(
      '/discovery',
    );
    expect(screen.getByRole('link', { name: 'Notification settings' }).getAttribute('href')).toBe(
      '/settings/fan',
    );
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('says when the alerts cannot be loaded and retries', async () => {
    let fail = true;
    stubFan({
      'GET /api/notifications': () =>
        fail ? apiError(500, 'INTERNAL', 'Something went wrong') : json(notificationPage()),
    });
    const { user } = renderApp('/notifications');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your notifications');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Alerts' })).toBeTruthy();
  });
});

describe('notices of performers and venues', () => {
  function stubPerformer(handlers: Handlers = {}) {
    return stubApi({
      'GET /api/account/session': () =>
        json({
          user: sessionUser({ id: 'performer-1', role: 'performer', profileComplete: true }),
        }),
      ...handlers,
    });
  }

  it('lists a request to confirm, leading to Your Shows, under the bell', async () => {
    stubPerformer({
      'GET /api/notifications': () =>
        json(
          notificationPage({
            items: [
              notification({
                kind: 'confirmation_requested',
                title: 'The Lantern listed you for Sat, Jun 14, 2031',
                body: 'Night Static · Sat, Jun 14, 8:00 PM · The Lantern, Chicago, IL',
                reason:
                  "The Lantern listed you as this show's performer — it stays off your page and alerts nobody until you confirm it in Your Shows",
              }),
            ],
          }),
        ),
    });
    renderApp('/notifications');
    const item = await screen.findByRole('link', { name: /The Lantern listed you/ });
    expect(item.getAttribute('href')).toBe('/my-shows');
    // Why it is the performer's: its part in the show, in the server's words (no 'Why:' prefix).
    expect(item.textContent).toContain("The Lantern listed you as this show's performer — ");
    expect(item.textContent).not.toContain('Why:');
    expect(
      within(screen.getByRole('list', { name: 'Notices' })).getAllByRole('listitem'),
    ).toHaveLength(1);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
  });

  it('says what brings notices when there are none', async () => {
    stubPerformer({
      'GET /api/notifications': () => json(notificationPage({ items: [], unread: 0 })),
    });
    renderApp('/notifications');
    expect(await screen.findByRole('heading', { name: 'No notices yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your Shows' }).getAttribute('href')).toBe('/my-shows');
  });
});
