import type { TRole } from '@encore/contract';
import { fireEvent, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, it } from 'vitest';
import { stubGeolocation } from '@/testing/geolocation';
import { renderApp } from '@/testing/render-app';
import { expectFailureShown, REQUEST_FAILURES } from '@/testing/request-failures';
import { json, sessionUser, stubApi } from '@/testing/stub-api';
import {
  accountSecurity,
  emailChangeState,
  fanProfile,
  fanSettings,
  performerProfile,
  venueProfile,
} from '../testing/fixtures';

const PROFILES = { fan: fanProfile(), performer: performerProfile(), venue: venueProfile() };

/** Settings for `role` with everything loaded; `failing` is the request that fails. */
function stubSettings(role: TRole, failing: Record<string, () => Response | Promise<Response>>) {
  return stubApi({
    'GET /api/account/session': () => json({ user: sessionUser({ role, profileComplete: true }) }),
    [`GET /api/profile/${role}`]: () => json({ profile: PROFILES[role] }),
    'GET /api/settings/fan': () => json(fanSettings()),
    'GET /api/account/security': () => json(accountSecurity()),
    'GET /api/account/email/change': () => json(emailChangeState()),
    'GET /api/spotify/connection': () =>
      json({
        configured: true,
        connection: { displayName: 'Riley', spotifyUserId: 'riley', connectedAt: '2026-03-01' },
      }),
    'POST /api/account/phone/send-code': () => json({ expiresAt: '2026-01-01T00:10:00.000Z' }),
    ...failing,
  });
}

const click = (user: UserEvent, name: string) =>
  user.click(screen.getAllByRole('button', { name }).at(-1) as HTMLElement);
const openTab = async (user: UserEvent, name: string) =>
  user.click(await screen.findByRole('tab', { name }));
const saveChanges = async (user: UserEvent) => {
  await screen.findByRole('button', { name: 'Save Changes' });
  await click(user, 'Save Changes');
};

interface FormCase {
  form: string;
  role: TRole;
  request: string;
  act: (user: UserEvent) => Promise<void>;
}

/** Every form and button in Settings that sends a request. */
const FORMS: FormCase[] = [
  { form: 'fan Profile tab', role: 'fan', request: 'PATCH /api/profile/fan', act: saveChanges },
  {
    form: 'Use my location',
    role: 'fan',
    request: 'PUT /api/fan/location',
    act: async (user) => {
      stubGeolocation({ position: { latitude: 40.7081, longitude: -73.9571 } });
      await user.click(await screen.findByRole('button', { name: 'Use my location' }));
    },
  },
  {
    form: 'Profile Photo upload',
    role: 'fan',
    request: 'POST /api/profile/photo',
    act: async () => {
      const input = await screen.findByLabelText('Profile Photo', { selector: 'input' });
      const file = new File([new Uint8Array(10)], 'me.png', { type: 'image/png' });
      fireEvent.change(input, { target: { files: [file] } });
    },
  },
  {
    form: 'Notifications tab',
    role: 'fan',
    request: 'PUT /api/settings/notifications',
    act: async (user) => {
      await openTab(user, 'Notifications');
      await click(user, 'Save Preferences');
    },
  },
  {
    form: 'Privacy tab',
    role: 'fan',
    request: 'PUT /api/settings/privacy',
    act: async (user) => {
      await openTab(user, 'Privacy');
      await click(user, 'Save Privacy Settings');
    },
  },
  {
    form: 'Change Password',
    role: 'fan',
    request: 'POST /api/account/password',
    act: async (user) => {
      await openTab(user, 'Security');
      await user.type(await screen.findByLabelText('Current Password'), 'oldpassword');
      await user.type(screen.getByLabelText('New Password'), 'NewPassword1');
      await user.type(screen.getByLabelText('Confirm New Password'), 'NewPassword1');
      await click(user, 'Change Password');
    },
  },
  {
    form: 'Send verification email',
    role: 'fan',
    request: 'POST /api/account/email/send-verification',
    act: async (user) => {
      await openTab(user, 'Security');
      await screen.findByRole('button', { name: 'Send verification email' });
      await click(user, 'Send verification email');
    },
  },
  {
    form: 'phone Verify (send the code)',
    role: 'fan',
    request: 'POST /api/account/phone/send-code',
    act: async (user) => {
      await openTab(user, 'Security');
      await screen.findByRole('button', { name: 'Verify' });
      await click(user, 'Verify');
    },
  },
  {
    form: 'phone Verification Code',
    role: 'fan',
    request: 'POST /api/account/phone/verify',
    act: async (user) => {
      await openTab(user, 'Security');
      await screen.findByRole('button', { name: 'Verify' });
      await click(user, 'Verify');
      await user.type(await screen.findByLabelText('Verification Code'), '123456');
      await click(user, 'Confirm');
    },
  },
  {
    form: 'Disconnect Spotify',
    role: 'fan',
    request: 'DELETE /api/spotify/connection',
    act: async (user) => {
      await openTab(user, 'Music');
      await screen.findByRole('button', { name: 'Disconnect Spotify' });
      await click(user, 'Disconnect Spotify');
    },
  },
  {
    form: 'Delete Account',
    role: 'fan',
    request: 'DELETE /api/account',
    act: async (user) => {
      await openTab(user, 'Account');
      await click(user, 'Delete Account');
      await screen.findByRole('alertdialog');
      await click(user, 'Delete Account');
    },
  },
  {
    form: 'performer Profile tab',
    role: 'performer',
    request: 'PATCH /api/profile/performer',
    act: saveChanges,
  },
  {
    form: 'performer Booking tab',
    role: 'performer',
    request: 'PATCH /api/profile/performer',
    act: async (user) => {
      await openTab(user, 'Booking');
      await saveChanges(user);
    },
  },
  { form: 'venue Info tab', role: 'venue', request: 'PATCH /api/profile/venue', act: saveChanges },
  {
    form: 'venue Booking tab',
    role: 'venue',
    request: 'PATCH /api/profile/venue',
    act: async (user) => {
      await openTab(user, 'Booking');
      await saveChanges(user);
    },
  },
  {
    form: 'venue Amenities tab (capacity)',
    role: 'venue',
    request: 'PATCH /api/profile/venue',
    act: async (user) => {
      await openTab(user, 'Amenities');
      await saveChanges(user);
    },
  },
];

/** No settings form fails silently; a refusal or lost connection is always shown. */
describe.each(FORMS)('settings: $form', ({ role, request, act }) => {
  it.each(REQUEST_FAILURES)('$name', async (failure) => {
    stubSettings(role, { [request]: failure.answer });
    const { user } = renderApp(`/settings/${role}`);
    await act(user);
    await expectFailureShown(failure.message);
  });
});
