import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { home } from '@/features/fan-shows/testing/fixtures';
import { stubFan } from '@/features/location/testing/fixtures';
import { accountSecurity, fanProfile, fanSettings } from '@/features/settings/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { json } from '@/testing/stub-api';

const dashboard = { 'GET /api/fan/home': () => json(home()) };
const STEP = 'Verify your phone to get SMS alerts';

describe("the Finish setting up card's phone step (SMS chosen, phone not verified)", () => {
  it('leads to verifying the phone once the location steps are done', async () => {
    stubFan({
      ...dashboard,
      'GET /api/fan/finish-setup': () => json({ visible: false, verifyPhone: true }),
    });
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Finish setting up' });
    const step = within(card).getByRole('link', { name: STEP });
    expect(step.getAttribute('href')).toBe('/settings/fan?tab=security');
    // Only what is left to do: the location steps are done.
    expect(within(card).queryByRole('link', { name: 'Finish setup' })).toBeNull();
    expect(card.textContent).not.toContain('Enable Location');
  });

  it('sits beside the location steps while those are still open', async () => {
    stubFan({
      ...dashboard,
      'GET /api/fan/finish-setup': () => json({ visible: true, verifyPhone: true }),
    });
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Finish setting up' });
    expect(within(card).getByRole('link', { name: 'Finish setup' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: STEP })).toBeTruthy();
    expect(card.textContent).toContain('Enable Location');
  });

  it('is not there when the phone needs no verifying', async () => {
    stubFan({
      ...dashboard,
      'GET /api/fan/finish-setup': () => json({ visible: true, verifyPhone: false }),
    });
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Finish setting up' });
    expect(within(card).queryByRole('link', { name: STEP })).toBeNull();
  });

  it('opens Settings on the Security tab, where the phone is verified', async () => {
    stubFan({
      ...dashboard,
      'GET /api/fan/finish-setup': () => json({ visible: false, verifyPhone: true }),
      'GET /api/profile/fan': () => json({ profile: fanProfile({ smsOptIn: true }) }),
      'GET /api/settings/fan': () => json(fanSettings()),
      'GET /api/account/security': () => json(accountSecurity()),
    });
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('link', { name: STEP }));
    const tab = await screen.findByRole('tab', { name: 'Security' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('button', { name: 'Verify' })).toBeTruthy();
  });
});
