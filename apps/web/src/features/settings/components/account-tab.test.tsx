import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profileKeys } from '@/api/profile';
import { renderApp } from '@/testing/render-app';
import { callsTo, json, sessionUser, stubApi } from '@/testing/stub-api';
import { accountSecurity, emailChangeState, fanProfile } from '../testing/fixtures';

describe('account tab', () => {
  it('shows the account, offers the export and deletes only after the confirmation', async () => {
    let deleted = false;
    const fetchMock = stubApi({
      'GET /api/account/session': () =>
        json({ user: deleted ? null : sessionUser({ role: 'fan', profileComplete: true }) }),
      'GET /api/profile/fan': () => json({ profile: fanProfile() }),
      'GET /api/account/email/change': () => json(emailChangeState()),
      'GET /api/account/security': () => json(accountSecurity({ userId: 'user-42' })),
      'DELETE /api/account': () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    window.localStorage.setItem('leftover', '1');
    window.sessionStorage.setItem('leftover', '1');
    const { user, router, queryClient } = renderApp('/settings/fan');
    await user.click(await screen.findByRole('tab', { name: 'Account' }));
    expect(await screen.findByText('user-42')).toBeTruthy();
    expect(screen.getByText('January 1, 2026')).toBeTruthy();
    const exportLink = screen.getByRole('link', { name: 'Export My Data' });
    expect(exportLink.getAttribute('href')).toBe('/api/account/export');
    expect(exportLink.hasAttribute('download')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'Are you sure you want to delete your account? This action cannot be undone.',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(fetchMock, 'DELETE /api/account')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await screen.findByRole('alertdialog');
    const buttons = screen.getAllByRole('button', { name: 'Delete Account' });
    await user.click(buttons[buttons.length - 1] as HTMLElement);
    await screen.findByText('Account deleted');
    expect(screen.getByText('Your account has been permanently deleted')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
    expect(callsTo(fetchMock, 'DELETE /api/account')).toHaveLength(1);
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
    expect(queryClient.getQueryData(profileKeys.detail('fan'))).toBeUndefined();
  });
});
