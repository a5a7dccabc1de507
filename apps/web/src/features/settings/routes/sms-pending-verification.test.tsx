import type { TFanProfile } from '@encore/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { json, sessionUser, stubApi } from '@/testing/stub-api';
import { accountSecurity, emailChangeState, fanProfile, fanSettings } from '../testing/fixtures';

const NOT_ACTIVE = 'SMS is not active yet: your phone number is not verified.';

function stubFan(profile: Partial<TFanProfile>) {
  const settings = fanSettings();
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ role: 'fan', profileComplete: true }) }),
    'GET /api/profile/fan': () => json({ profile: fanProfile(profile) }),
    'GET /api/account/email/change': () => json(emailChangeState()),
    'GET /api/settings/fan': () =>
      json({ ...settings, notifications: { ...settings.notifications, sms: true } }),
    'GET /api/account/security': () => json(accountSecurity()),
  });
}

describe('Settings › Notifications with SMS on (as chosen at setup)', () => {
  it('says SMS waits for the phone, and the link opens the Security tab to verify it', async () => {
    stubFan({ smsOptIn: true, phoneVerified: false });
    const { user } = renderApp('/settings/fan');
    await user.click(await screen.findByRole('tab', { name: 'Notifications' }));
    const sms = (await screen.findByLabelText('SMS Notifications')) as HTMLInputElement;
    expect(sms.checked).toBe(true);
    const why = await screen.findByText(NOT_ACTIVE, { exact: false });
    await user.click(within(why).getByRole('link', { name: 'Verify your phone' }));
    const security = await screen.findByRole('tab', { name: 'Security' });
    expect(security.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('button', { name: 'Verify' })).toBeTruthy();
  });

  it('says nothing more once the phone is verified', async () => {
    stubFan({ smsOptIn: true, phoneVerified: true });
    const { user } = renderApp('/settings/fan');
    // The Profile tab has loaded the profile, so the note would show at once if it were going to.
    await screen.findByLabelText('Tag Name');
    await user.click(await screen.findByRole('tab', { name: 'Notifications' }));
    expect(((await screen.findByLabelText('SMS Notifications')) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.queryByText(NOT_ACTIVE, { exact: false })).toBeNull();
  });
});
