import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { json, sessionUser, stubApi } from '@/testing/stub-api';

function signedIn(role: 'fan' | 'performer' | 'venue', profileComplete = true) {
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ id: `${role}-1`, role, profileComplete }) }),
    'GET /api/shows/mine': () => json({ shows: [] }),
  });
}

/** The header's navigation: its links by name, with their targets and which one is current. */
async function bookerNav() {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => ({
      name: link.textContent,
      href: link.getAttribute('href'),
      current: link.getAttribute('aria-current') === 'page',
    }));
}

describe('performers’ and venues’ navigation', () => {
  it.each([
    ['performer', '/performer-dashboard', 'Dashboard'],
    ['performer', '/my-shows', 'My Shows'],
    ['performer', '/my-shows/new', 'My Shows'],
    ['performer', '/my-shows/show-1/edit', 'My Shows'],
    ['performer', '/settings/performer', null],
    ['performer', '/notifications', null],
    ['venue', '/venue-dashboard', 'Dashboard'],
    ['venue', '/my-shows', 'My Shows'],
    ['venue', '/my-shows/show-1/edit', 'My Shows'],
    ['venue', '/settings/venue', null],
  ] as const)('%s on %s: Dashboard and My Shows, %s current', async (role, page, current) => {
    signedIn(role);
    renderApp(page);
    expect(await bookerNav()).toEqual([
      { name: 'Dashboard', href: `/${role}-dashboard`, current: current === 'Dashboard' },
      { name: 'My Shows', href: '/my-shows', current: current === 'My Shows' },
    ]);
  });

  it('goes from the dashboard to My Shows and back, by keyboard', async () => {
    signedIn('venue');
    const { user, router } = renderApp('/venue-dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    within(nav).getByRole('link', { name: 'My Shows' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Your Shows', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my-shows');
    within(screen.getByRole('navigation', { name: 'Main' }))
      .getByRole('link', { name: 'Dashboard' })
      .focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Venue Dashboard', level: 1 });
    expect(router.state.location.pathname).toBe('/venue-dashboard');
  });

  it('is not on the setup screen, a linear flow', async () => {
    signedIn('performer', false);
    renderApp('/profile/performer-setup');
    await screen.findByRole('heading', { name: 'Complete Your Artist Profile', level: 1 });
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('fans keep their own navigation, on the shared Notifications page too', async () => {
    signedIn('fan');
    renderApp('/notifications');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'My Shows' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeTruthy();
  });
});
