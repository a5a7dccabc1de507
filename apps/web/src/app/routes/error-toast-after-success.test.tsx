import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notificationPage } from '@/features/notifications/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json, sessionUser, stubApi } from '@/testing/stub-api';

// An error toast stayed on screen after the same action later succeeded.
const errorToast = () =>
  screen.queryByText('Could not mark all as read', { selector: '[data-title]' });

function stubFan(markRead: () => Promise<Response> | Response) {
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ role: 'fan', profileComplete: true }) }),
    'GET /api/notifications': () => json(notificationPage()),
    'POST /api/notifications/read': markRead,
  });
}

describe('an error toast after a later success', () => {
  it('goes away when the action that raised it succeeds', async () => {
    let fail = true;
    stubFan(() => (fail ? apiError(500, 'INTERNAL', 'Something went wrong') : json({ unread: 0 })));
    const { user } = renderApp('/notifications');
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(errorToast()).not.toBeNull());

    fail = false;
    // The failed mark refetches the list, which still has the unread alert: the button is back.
    const button = await screen.findByRole('button', { name: 'Mark all as read' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await user.click(button);
    await screen.findByText('All caught up');
    await waitFor(() => expect(errorToast()).toBeNull());
  });

  it('is one toast per action: failing twice shows it once', async () => {
    const fetchMock = stubFan(() => apiError(500, 'INTERNAL', 'Something went wrong'));
    const { user } = renderApp('/notifications');
    const button = await screen.findByRole('button', { name: 'Mark all as read' });
    await user.click(button);
    await waitFor(() => expect(errorToast()).not.toBeNull());
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await user.click(button);
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/notifications/read')).toHaveLength(2));
    await waitFor(() =>
      expect(
        screen.getAllByText('Could not mark all as read', { selector: '[data-title]' }),
      ).toHaveLength(1),
    );
  });
});
