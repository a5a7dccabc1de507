import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { json, sessionUser, stubApi } from '@/testing/stub-api';

const signedInAs = (overrides: Parameters<typeof sessionUser>[0]) => ({
  'GET /api/account/session': () => json({ user: sessionUser(overrides) }),
});

describe('route guards', () => {
  it('shows a labelled spinner while the session loads, not the page', async () => {
    stubApi({ 'GET /api/account/session': () => new Promise<Response>(() => undefined) });
    renderApp('/dashboard');
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
  });

  it('sends a signed-out visitor from a protected page to /landing', async () => {
    stubApi();
    const { router } = renderApp('/discovery');
    await screen.findByRole('radiogroup');
    expect(router.state.location.pathname).toBe('/landing');
  });

  it('sends a signed-out visitor from a setup screen to the login screen (via /auth)', async () => {
    stubApi();
    const { router } = renderApp('/profile/performer-setup');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it("sends a signed-in user from another role's page to their own home", async () => {
    stubApi(signedInAs({ role: 'fan', profileComplete: true }));
    const { router } = renderApp('/venue-dashboard');
    await screen.findByRole('heading', { name: 'Welcome back, @nightowl', level: 1 });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a signed-in user away from login and sign-up', async () => {
    stubApi(signedInAs({ role: 'performer', profileComplete: false }));
    const { router } = renderApp('/auth/create-account');
    await screen.findByRole('heading', { name: 'Complete Your Artist Profile' });
    expect(router.state.location.pathname).toBe('/profile/performer-setup');
  });

  it('sends a signed-in user opening / straight home, not through the splash to the role choice', async () => {
    stubApi(signedInAs({ role: 'venue', profileComplete: true }));
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/venue-dashboard'));
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('still shows a signed-out visitor the splash at /', async () => {
    stubApi();
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Encore', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the splash while the session is still being read (its 2500 ms start with the page)', async () => {
    stubApi({ 'GET /api/account/session': () => new Promise<Response>(() => undefined) });
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Encore', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('says so when the session cannot be read, and offers to try again', async () => {
    stubApi({ 'GET /api/account/session': () => Promise.reject(new TypeError('offline')) });
    renderApp('/dashboard');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('signed-in page frame', () => {
  it('shows who is signed in, the fan navigation, and no invented data', async () => {
    stubApi({
      ...signedInAs({ role: 'fan', profileComplete: true }),
      'GET /api/social': () => json({ pals: [], incoming: [], outgoing: [] }),
      'GET /api/social/suggestions': () => json({ suggestions: [] }),
      'GET /api/social/blocks': () => json({ fans: [] }),
    });
    renderApp('/social');
    await screen.findByRole('heading', { name: 'Show Pals', level: 1 });
    const banner = screen.getByRole('banner');
    expect(banner.textContent).toContain('@nightowl');
    expect(banner.textContent).toContain('Fan');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const current = nav.querySelector('[aria-current="page"]');
    expect(current?.textContent).toBe('Social');
    expect(await screen.findByText('No Show Pals yet')).toBeTruthy();
  });

  it("shows no fan navigation on other roles' pages, but their own", async () => {
    stubApi(signedInAs({ role: 'venue', profileComplete: true }));
    renderApp('/venue-dashboard');
    await screen.findByRole('heading', { name: 'Venue Dashboard', level: 1 });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Home' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'My Shows' })).toBeTruthy();
  });

  it('logs out on the server and lands on /landing, signed out', async () => {
    const fetchMock = stubApi({
      ...signedInAs({ role: 'fan', profileComplete: false }),
      'POST /api/account/logout': () => new Response(null, { status: 204 }),
    });
    const { user, router } = renderApp('/profile/fan-setup');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await screen.findByRole('radiogroup');
    expect(router.state.location.pathname).toBe('/landing');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Go to your dashboard' })).toBeNull(),
    );
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/account/logout' && init?.method === 'POST',
      ),
    ).toBe(true);
  });
});
