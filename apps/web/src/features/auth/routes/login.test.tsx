import { LOGIN_MESSAGES as M, type TSessionUser } from '@encore/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json, sessionUser, stubApi } from '@/testing/stub-api';

async function logIn(answer: () => Response | Promise<Response>) {
  const fetchMock = stubApi({ 'POST /api/account/login': answer });
  const view = renderApp('/auth/login');
  await screen.findByRole('heading', { name: 'Welcome Back' });
  await view.user.type(screen.getByLabelText('Email', { selector: 'input' }), 'owl@example.test');
  await view.user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Encore2026');
  await view.user.click(screen.getByRole('button', { name: 'Login' }));
  return { ...view, fetchMock };
}

describe('login screen', () => {
  it.each([
    [{ role: 'fan', profileComplete: true }, 'Welcome back, @nightowl', '/dashboard'],
    [{ role: 'performer', profileComplete: true }, 'Performer Dashboard', '/performer-dashboard'],
    [{ role: 'venue', profileComplete: true }, 'Venue Dashboard', '/venue-dashboard'],
    [{ role: 'fan', profileComplete: false }, 'Complete Your Profile', '/profile/fan-setup'],
    [
      { role: 'venue', profileComplete: false },
      'Complete Your Venue Profile',
      '/profile/venue-setup',
    ],
  ] as const)('routes %o to %s', async (who: Partial<TSessionUser>, heading, path) => {
    const { router, fetchMock } = await logIn(() => json({ user: sessionUser(who) }));
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
    // Sonner renders toasts on its own schedule: wait for them rather than assume.
    expect(await screen.findByText(M.successTitle)).toBeTruthy();
    expect(await screen.findByText(M.successDescription)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/account/login')).toEqual([
      { email: 'owl@example.test', password: 'Encore2026' },
    ]);
  });

  it('reads "Logging in..." while busy', async () => {
    await logIn(() => new Promise<Response>(() => undefined));
    const busy = await screen.findByRole<HTMLButtonElement>('button', { name: 'Logging in...' });
    expect(busy.disabled).toBe(true);
  });

  it("says 'Login failed' with the server's message on wrong credentials", async () => {
    const { router } = await logIn(() =>
      apiError(401, 'INVALID_CREDENTIALS', M.invalidCredentials),
    );
    expect(await screen.findByText(M.failedTitle)).toBeTruthy();
    expect(screen.getByText(M.invalidCredentials)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('returns to the page in ?next= after logging in', async () => {
    const fetchMock = stubApi({
      'POST /api/account/login': () =>
        json({ user: sessionUser({ role: 'fan', profileComplete: true }) }),
    });
    const view = renderApp('/auth/login?next=%2Fsettings%2Ffan');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await view.user.type(screen.getByLabelText('Email', { selector: 'input' }), 'owl@example.test');
    await view.user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Encore2026');
    await view.user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText(M.successTitle);
    await vi.waitFor(() => expect(view.router.state.location.pathname).toBe('/settings/fan'));
    expect(callsTo(fetchMock, 'POST /api/account/login')).toHaveLength(1);
  });

  it('links to the role choice to create an account', async () => {
    stubApi();
    const { user } = renderApp('/auth/login');
    await user.click(await screen.findByRole('link', { name: 'Create Account' }));
    expect(await screen.findByRole('radiogroup')).toBeTruthy();
  });
});
