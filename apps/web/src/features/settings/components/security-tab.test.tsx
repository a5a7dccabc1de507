import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json, sessionUser, stubApi } from '@/testing/stub-api';
import { accountSecurity, emailChangeState, performerProfile } from '../testing/fixtures';

function stubSecurity(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ role: 'performer', profileComplete: true }) }),
    'GET /api/profile/performer': () => json({ profile: performerProfile() }),
    'GET /api/account/security': () => json(accountSecurity()),
    'GET /api/account/email/change': () => json(emailChangeState()),
    ...extra,
  });
}

async function openSecurity() {
  const view = renderApp('/settings/performer');
  await view.user.click(await screen.findByRole('tab', { name: 'Security' }));
  return view;
}

describe('security tab', () => {
  it('checks the new password with the sign-up rules before sending', async () => {
    const fetchMock = stubSecurity();
    const { user } = await openSecurity();
    await user.type(await screen.findByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm New Password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Current password is required')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText("Passwords don't match")).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/account/password')).toHaveLength(0);
  });

  it('puts a wrong current password under its field, then changes it', async () => {
    let wrong = true;
    const fetchMock = stubSecurity({
      'POST /api/account/password': () =>
        wrong
          ? apiError(400, 'VALIDATION_FAILED', 'Invalid input', {
              currentPassword: 'Current password is incorrect',
            })
          : new Response(null, { status: 204 }),
    });
    const { user } = await openSecurity();
    await user.type(await screen.findByLabelText('Current Password'), 'oldpassword');
    await user.type(screen.getByLabelText('New Password'), 'NewPassword1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'NewPassword1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    wrong = false;
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await screen.findByText('Password changed');
    expect(callsTo(fetchMock, 'POST /api/account/password')[1]).toEqual({
      currentPassword: 'oldpassword',
      newPassword: 'NewPassword1',
      confirmPassword: 'NewPassword1',
    });
  });

  it('shows the email state and sends a verification email', async () => {
    const fetchMock = stubSecurity({
      'POST /api/account/email/send-verification': () => new Response(null, { status: 204 }),
    });
    const { user } = await openSecurity();
    expect(await screen.findByText('Email Verified')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send verification email' }));
    await screen.findByText('Verification email sent');
    expect(callsTo(fetchMock, 'POST /api/account/email/send-verification')).toHaveLength(1);
  });

  it('verifies the phone with a texted code, errors under the code input', async () => {
    let verified = false;
    const fetchMock = stubSecurity({
      'GET /api/account/security': () => json(accountSecurity({ phoneVerified: verified })),
      'POST /api/account/phone/send-code': () => json({ expiresAt: '2026-01-01T00:10:00.000Z' }),
      'POST /api/account/phone/verify': ({ body }) => {
        if ((body as { code: string }).code !== '123456') {
          return apiError(400, 'VALIDATION_FAILED', 'Invalid input', {
            code: 'That code is not right. Please check it and try again.',
          });
        }
        verified = true;
        return new Response(null, { status: 204 });
      },
    });
    const { user } = await openSecurity();
    expect(await screen.findByText('(555) 123-4567')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const code = await screen.findByLabelText('Verification Code');
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('That code is not right. Please check it and try again.'),
    ).toBeTruthy();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Phone verified');
    expect(callsTo(fetchMock, 'POST /api/account/phone/verify')).toHaveLength(2);
    await screen.findAllByText('Verified');
    expect(screen.queryByLabelText('Verification Code')).toBeNull();
  });
});
