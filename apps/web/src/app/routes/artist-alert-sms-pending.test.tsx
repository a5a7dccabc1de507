import type { TFanProfile } from '@encore/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fanProfile } from '@/features/settings/testing/fixtures';
import { artistPage } from '@/features/shows-public/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { json, sessionUser, stubApi } from '@/testing/stub-api';

const NOT_ACTIVE = 'SMS is not active yet: your phone number is not verified.';

async function openDialogAs(profile: Partial<TFanProfile>) {
  stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ role: 'fan', profileComplete: true }) }),
    'GET /api/artists/artist-1': () => json(artistPage()),
    'GET /api/profile/fan': () => json({ profile: fanProfile(profile) }),
  });
  const { user } = renderApp('/artists/artist-1');
  await user.click(await screen.findByRole('button', { name: 'Set Alert' }));
  return screen.getByRole('dialog', { name: 'Set alert for Night Static' });
}

describe('the alert dialog on SMS that waits for a verified phone', () => {
  it('says why SMS is not active yet and links to verifying the phone', async () => {
    const dialog = await openDialogAs({ smsOptIn: true, phoneVerified: false });
    const sms = within(dialog).getByLabelText('SMS') as HTMLInputElement;
    // SMS can still be chosen: it starts once the phone is verified.
    expect(sms.disabled).toBe(false);
    const why = await within(dialog).findByText(NOT_ACTIVE, { exact: false });
    expect(sms.getAttribute('aria-describedby')).toBe(why.id);
    const link = within(why).getByRole('link', { name: 'Verify your phone' });
    expect(link.getAttribute('href')).toBe('/settings/fan?tab=security');
  });

  it('says nothing of the kind once the phone is verified', async () => {
    const dialog = await openDialogAs({ smsOptIn: true, phoneVerified: true });
    const sms = within(dialog).getByLabelText('SMS') as HTMLInputElement;
    expect(sms.disabled).toBe(false);
    expect(within(dialog).queryByText(NOT_ACTIVE, { exact: false })).toBeNull();
    expect(within(dialog).queryByRole('link', { name: 'Verify your phone' })).toBeNull();
  });
});
