import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { json, sessionUser, stubApi } from '@/testing/stub-api';

const continueButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' });

describe('role choice (/landing)', () => {
  it('keeps Continue disabled until a role is chosen, lets the choice change, then goes on', async () => {
    stubApi();
    const { user, router } = renderApp('/landing');
    const group = await screen.findByRole('radiogroup', {
      name: 'Choose how you want to continue',
    });
    expect(group).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
    expect(screen.getByRole('radio', { name: 'Fan' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Discover live music')).toBeTruthy();
    // Named by its title alone, its line read as the description (not a second name).
    expect(
      screen.getByRole('radio', { name: 'Fan', description: 'Discover live music' }),
    ).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Fan' }));
    expect(continueButton().disabled).toBe(false);
    await user.click(screen.getByRole('radio', { name: 'Venue' }));
    expect(screen.getByRole('radio', { name: 'Fan' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('radio', { name: 'Venue' }).getAttribute('aria-checked')).toBe('true');

    await user.click(continueButton());
    expect(await screen.findByText('Join as a venue')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/create-account');
    expect(router.state.location.state).toEqual({ role: 'venue' });
  });

  it('works from the keyboard: one tab stop, Space selects, arrows move and select', async () => {
    stubApi();
    const { user } = renderApp('/landing');
    const fan = await screen.findByRole('radio', { name: 'Fan' });
    const tabStops = screen.getAllByRole('radio').filter((radio) => radio.tabIndex === 0);
    expect(tabStops).toEqual([fan]);

    act(() => fan.focus());
    await user.keyboard(' ');
    expect(fan.getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{ArrowDown}');
    const performer = screen.getByRole('radio', { name: 'Performer' });
    expect(performer.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(performer);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('radio', { name: 'Venue' }).getAttribute('aria-checked')).toBe('true');
    expect(continueButton().disabled).toBe(false);
  });

  it('offers a way to log in', async () => {
    stubApi();
    const { user } = renderApp('/landing');
    await user.click(await screen.findByRole('link', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
  });

  it('does not send a signed-in user away, but links to their home', async () => {
    stubApi({ 'GET /api/account/session': () => json({ user: sessionUser({ role: 'venue' }) }) });
    renderApp('/landing');
    const link = await screen.findByRole('link', { name: 'Go to your dashboard' });
    expect(link.getAttribute('href')).toBe('/profile/venue-setup');
  });
});
