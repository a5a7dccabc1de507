import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { callsTo, json } from '@/testing/stub-api';
import { fanProfile, fanSettings, stubFanSettingsApi } from '../testing/fixtures';

const stubFan = stubFanSettingsApi;

describe('fan settings', () => {
  it('has a title, a way back to the dashboard and the six tabs', async () => {
    stubFan();
    renderApp('/settings/fan');
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Profile', 'Notifications', 'Privacy', 'Security', 'Music', 'Account']);
  });

  it('loads the profile and saves only its fields, with the spec toast', async () => {
    const fetchMock = stubFan({
      'PATCH /api/profile/fan': ({ body }) => json({ profile: fanProfile(body as object) }),
    });
    const { user } = renderApp('/settings/fan');
    const tagName = await screen.findByLabelText('Tag Name');
    expect((tagName as HTMLInputElement).value).toBe('nightowl');
    expect((screen.getByLabelText('ZIP Code') as HTMLInputElement).value).toBe('11201');
    await user.clear(tagName);
    await user.type(tagName, 'dayowl');
    const phone = screen.getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '5559876543');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Profile updated');
    expect(screen.getByText('Your changes have been saved')).toBeTruthy();
    expect(callsTo(fetchMock, 'PATCH /api/profile/fan')).toEqual([
      {
        tagName: 'dayowl',
        phone: '(555) 987-6543',
        zipCode: '11201',
        preferredRadius: 25,
        favoriteGenres: ['Rock'],
      },
    ]);
  });

  it('shows the spec rule under the field and sends nothing', async () => {
    const fetchMock = stubFan();
    const { user } = renderApp('/settings/fan');
    const tagName = await screen.findByLabelText('Tag Name');
    await user.clear(tagName);
    await user.type(tagName, 'ab');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Tag name must be at least 3 characters')).toBeTruthy();
    expect(callsTo(fetchMock, 'PATCH /api/profile/fan')).toHaveLength(0);
  });

  it('links to setup when the profile was never completed', async () => {
    stubFan({ 'GET /api/profile/fan': () => json({ profile: null }) });
    renderApp('/settings/fan');
    expect(await screen.findByText('Complete your profile first')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Complete your profile' }).getAttribute('href')).toBe(
      '/profile/fan-setup',
    );
  });

  it('loads and saves the notification switches', async () => {
    const fetchMock = stubFan({
      'PUT /api/settings/notifications': ({ body }) =>
        json({ ...fanSettings(), notifications: body }),
    });
    const { user } = renderApp('/settings/fan');
    await user.click(await screen.findByRole('tab', { name: 'Notifications' }));
    const sms = await screen.findByRole('switch', { name: 'SMS Notifications' });
    expect((sms as HTMLInputElement).checked).toBe(false);
    expect(
      (screen.getByRole('switch', { name: 'Push Notifications' }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(sms);
    await user.click(screen.getByRole('switch', { name: 'Price Drops' }));
    await user.click(screen.getByRole('switch', { name: 'Lineup Changes' }));
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    await screen.findByText('Preferences saved');
    expect(callsTo(fetchMock, 'PUT /api/settings/notifications')).toEqual([
      {
        push: true,
        email: true,
        sms: true,
        newShows: true,
        ticketSales: true,
        priceDrops: true,
        lineupChanges: false,
        genreAlerts: 'instant',
        showPals: true,
        showPalsEmail: true,
        artistMessages: true,
        artistMessagesFromGenres: false,
      },
    ]);
  });

  it('loads and saves privacy', async () => {
    const fetchMock = stubFan({
      'PUT /api/settings/privacy': ({ body }) => json({ ...fanSettings(), privacy: body }),
    });
    const { user } = renderApp('/settings/fan');
    await user.click(await screen.findByRole('tab', { name: 'Privacy' }));
    const visibility = (await screen.findByLabelText('Profile Visibility')) as HTMLSelectElement;
    expect(visibility.value).toBe('friends');
    expect(
      within(visibility)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Public', 'Friends Only', 'Private']);
    await user.selectOptions(visibility, 'private');
    await user.click(screen.getByRole('switch', { name: 'Show Attendance Publicly' }));
    await user.click(screen.getByRole('switch', { name: 'Allow Friend Requests' }));
    await user.click(screen.getByRole('button', { name: 'Save Privacy Settings' }));
    await screen.findByText('Preferences saved');
    expect(callsTo(fetchMock, 'PUT /api/settings/privacy')).toEqual([
      { visibility: 'private', showAttendance: false, allowFriendRequests: true },
    ]);
  });

  it('puts a server field error under the privacy field and focuses it', async () => {
    stubFan({
      'PUT /api/settings/privacy': () =>
        json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Please correct the highlighted fields',
              fields: { visibility: 'Choose who can see your profile' },
            },
          },
          400,
        ),
    });
    const { user } = renderApp('/settings/fan');
    await user.click(await screen.findByRole('tab', { name: 'Privacy' }));
    const visibility = await screen.findByLabelText('Profile Visibility');
    await user.click(screen.getByRole('button', { name: 'Save Privacy Settings' }));
    expect(await screen.findByText('Choose who can see your profile')).toBeTruthy();
    expect(document.activeElement).toBe(visibility);
  });

  it('says so when the preferences cannot be loaded', async () => {
    stubFan({
      'GET /api/settings/fan': () => json({ error: { code: 'INTERNAL', message: 'Boom' } }, 500),
    });
    const { user } = renderApp('/settings/fan');
    await user.click(await screen.findByRole('tab', { name: 'Notifications' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your preferences');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy());
  });

  it('says how the email verification went and drops the parameter', async () => {
    stubFan();
    const { router } = renderApp('/settings/fan?emailVerified=1');
    expect(await screen.findByText('Email verified')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('puts a failed save of a never-completed profile in a toast', async () => {
    stubFan({
      'PATCH /api/profile/fan': () =>
        json({ error: { code: 'PROFILE_REQUIRED', message: 'Complete your profile first' } }, 409),
    });
    const { user } = renderApp('/settings/fan');
    await screen.findByLabelText('Tag Name');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Complete your profile first')).toBeTruthy();
  });
});
