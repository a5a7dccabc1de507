import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { json, sessionUser, stubApi } from '@/testing/stub-api';
import { home } from '../testing/fixtures';

const HOUR = 60 * 60 * 1000;

function stubFanCreated(ago: number) {
  stubApi({
    'GET /api/account/session': () =>
      json({
        user: sessionUser({
          id: 'fan-new',
          role: 'fan',
          profileComplete: true,
          createdAt: new Date(Date.now() - ago).toISOString(),
        }),
      }),
    'GET /api/fan/home': () => json(home()),
  });
}

const mark = () => window.localStorage.getItem('encore:dashboard-greeted:fan-new');
const greeting = () => screen.findByRole('heading', { level: 1, name: /^Welcome/ });

describe('fan dashboard greeting', () => {
  beforeEach(() => window.localStorage.clear());

  it('welcomes a brand-new account to Encore, and welcomes it back the next time', async () => {
    stubFanCreated(5 * 60 * 1000);
    const first = renderApp('/dashboard');
    expect((await greeting()).textContent).toBe('Welcome to Encore, @nightowl');
    // Written by the greeting's effect, which has run by the time findBy* returns
    // (testing/preact-effects.ts): so the last test's null is a real answer, not an early look.
    expect(mark()).toBe('1');
    first.unmount();

    renderApp('/dashboard');
    expect((await greeting()).textContent).toBe('Welcome back, @nightowl');
  });

  it('welcomes an older account back, even on a device it has not used before', async () => {
    stubFanCreated(30 * 24 * HOUR);
    renderApp('/dashboard');
    expect((await greeting()).textContent).toBe('Welcome back, @nightowl');
  });

  it("writes no mark for an older account (a phone's first touch of localStorage is slow)", async () => {
    stubFanCreated(30 * 24 * HOUR);
    renderApp('/dashboard');
    await greeting();
    await screen.findByRole('list', { name: 'Your shows' });
    // No sleep: the effects of what findBy* saw have run (see the first test's mark).
    expect(mark()).toBeNull();
  });
});
