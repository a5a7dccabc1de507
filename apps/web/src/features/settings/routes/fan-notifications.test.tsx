import {
  ALERT_CHANNELS,
  NOTIFICATION_MESSAGES,
  type TNotificationSettings,
} from '@encore/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { expectFailureShown, REQUEST_FAILURES } from '@/testing/request-failures';
import { callsTo, json, sessionUser, stubApi } from '@/testing/stub-api';
import { CHANNEL_SWITCHES } from '../components/notifications-tab';
import { accountSecurity, emailChangeState, fanProfile, fanSettings } from '../testing/fixtures';

function stubFan(
  notifications: Partial<TNotificationSettings> = {},
  handlers: Parameters<typeof stubApi>[0] = {},
) {
  const settings = fanSettings();
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ role: 'fan', profileComplete: true }) }),
    'GET /api/profile/fan': () => json({ profile: fanProfile() }),
    'GET /api/account/email/change': () => json(emailChangeState()),
    'GET /api/settings/fan': () =>
      json({ ...settings, notifications: { ...settings.notifications, ...notifications } }),
    'GET /api/account/security': () => json(accountSecurity()),
    'PUT /api/settings/notifications': ({ body }) =>
      json({ ...settings, notifications: body as TNotificationSettings }),
    // 'AQID/+8' in base64url: the bytes 1, 2, 3, 255, 239.
    'GET /api/push/public-key': () => json({ publicKey: 'AQID_-8' }),
    'PUT /api/push/subscription': () => new Response(null, { status: 204 }),
    'DELETE /api/push/subscription': () => new Response(null, { status: 204 }),
    ...handlers,
  });
}

const SUBSCRIPTION = {
  endpoint: 'https://push.example.test/send/abc',
  expirationTime: null,
  keys: {
    p256dh:
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

/** The browser's side of push: permission, service worker, push manager. */
function stubBrowserPush(permission: NotificationPermission, existing = false) {
  const subscription = {
    endpoint: SUBSCRIPTION.endpoint,
    toJSON: () => SUBSCRIPTION,
    unsubscribe: vi.fn(async () => true),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => (existing ? subscription : null)),
    subscribe: vi.fn(async () => subscription),
  };
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => registration),
  };
  const requestPermission = vi.fn(async () => permission);
  vi.stubGlobal('Notification', {
    requestPermission,
    permission: existing ? 'granted' : 'default',
  });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
  return { requestPermission, serviceWorker, pushManager, subscription };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

async function openNotificationsTab() {
  const view = renderApp('/settings/fan');
  await view.user.click(await screen.findByRole('tab', { name: 'Notifications' }));
  const push = (await screen.findByRole('switch', {
    name: 'Push Notifications',
  })) as HTMLInputElement;
  return { ...view, push };
}

describe('fan notification settings', () => {
  it('saves the timing of genre alerts', async () => {
    const fetchMock = stubFan();
    const { user } = await openNotificationsTab();
    const instant = screen.getByRole('radio', { name: 'As soon as a show is announced' });
    expect((instant as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('group', { name: 'New shows near you' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'One daily digest' }));
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    await screen.findByText('Preferences saved');
    expect(callsTo(fetchMock, 'PUT /api/settings/notifications')).toEqual([
      expect.objectContaining({ genreAlerts: 'daily', push: true }),
    ]);
  });

  it('saves the Show Pals switch (requests, acceptances and invites)', async () => {
    const fetchMock = stubFan();
    const { user } = await openNotificationsTab();
    const showPals = screen.getByRole('switch', { name: 'Show Pals' }) as HTMLInputElement;
    expect(showPals.checked).toBe(true);
    expect(showPals.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      document.getElementById(showPals.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Pal requests, acceptances and going-together invites');
    await user.click(showPals);
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    await screen.findByText('Preferences saved');
    expect(callsTo(fetchMock, 'PUT /api/settings/notifications')).toEqual([
      expect.objectContaining({ showPals: false, newShows: true }),
    ]);
  });

  // Issue 33: a channel added to the contract's ALERT_CHANNELS gets a switch here, saved as its own key.
  it.each(ALERT_CHANNELS)(
    'has a switch for the %s channel, saved under its name',
    async (channel) => {
      const fetchMock = stubFan({ push: true, email: true, sms: true });
      stubBrowserPush('granted', true);
      const { user } = await openNotificationsTab();
      const [label] = CHANNEL_SWITCHES[channel] ?? [`no switch for ${channel}`];
      const toggle = screen.getByRole('switch', { name: label }) as HTMLInputElement;
      expect(toggle.checked).toBe(true);
      await user.click(toggle);
      await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
      await screen.findByText('Preferences saved');
      expect(callsTo(fetchMock, 'PUT /api/settings/notifications')).toEqual([
        expect.objectContaining({ [channel]: false }),
      ]);
    },
  );

  it('saves the Show Pals Emails switch apart from alert email', async () => {
    const fetchMock = stubFan();
    const { user } = await openNotificationsTab();
    const mails = screen.getByRole('switch', { name: 'Show Pals Emails' }) as HTMLInputElement;
    expect(mails.checked).toBe(true);
    await user.click(mails);
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    await screen.findByText('Preferences saved');
    expect(callsTo(fetchMock, 'PUT /api/settings/notifications')).toEqual([
      expect.objectContaining({ showPalsEmail: false, email: true, showPals: true }),
    ]);
  });

  it('asks the browser when push is turned on; refused, it says how to allow and stays off', async () => {
    const fetchMock = stubFan({ push: false });
    const browser = stubBrowserPush('denied');
    const { user, push } = await openNotificationsTab();
    expect(push.checked).toBe(false);
    await user.click(push);
    expect((await screen.findByRole('alert')).textContent).toBe(NOTIFICATION_MESSAGES.pushDenied);
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    expect(push.checked).toBe(false);
    expect(browser.serviceWorker.register).not.toHaveBeenCalled();
    expect(callsTo(fetchMock, 'PUT /api/push/subscription')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    await screen.findByText('Preferences saved');
    expect(callsTo(fetchMock, 'PUT /api/settings/notifications')).toEqual([
      expect.objectContaining({ push: false }),
    ]);
  });

  it('subscribes this browser with the server key when permission is granted', async () => {
    const fetchMock = stubFan({ push: false });
    const browser = stubBrowserPush('granted');
    const { user, push } = await openNotificationsTab();
    await user.click(push);
    expect(await screen.findByText(NOTIFICATION_MESSAGES.pushEnabled)).toBeTruthy();
    expect(push.checked).toBe(true);
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/sw.js');
    const [options] = browser.pushManager.subscribe.mock.calls[0] as unknown as [
      PushSubscriptionOptionsInit,
    ];
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([1, 2, 3, 255, 239]);
    expect(callsTo(fetchMock, 'PUT /api/push/subscription')).toEqual([SUBSCRIPTION]);
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    await screen.findByText('Preferences saved');
    expect(callsTo(fetchMock, 'PUT /api/settings/notifications')).toEqual([
      expect.objectContaining({ push: true }),
    ]);
  });

  it('says so when the browser cannot receive push', async () => {
    const fetchMock = stubFan({ push: false });
    vi.stubGlobal('Notification', undefined);
    const { user, push } = await openNotificationsTab();
    await user.click(push);
    expect((await screen.findByRole('alert')).textContent).toBe(
      NOTIFICATION_MESSAGES.pushUnsupported,
    );
    expect(push.checked).toBe(false);
    expect(callsTo(fetchMock, 'PUT /api/push/subscription')).toHaveLength(0);
  });

  it('drops this browser’s subscription when push is turned off', async () => {
    const fetchMock = stubFan({ push: true });
    const browser = stubBrowserPush('granted', true);
    const { user, push } = await openNotificationsTab();
    await user.click(push);
    expect(push.checked).toBe(false);
    await waitFor(() => expect(browser.subscription.unsubscribe).toHaveBeenCalledOnce());
    expect(callsTo(fetchMock, 'DELETE /api/push/subscription')).toEqual([
      { endpoint: SUBSCRIPTION.endpoint },
    ]);
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('offers to turn push on in this browser when the account has it on but this browser is not subscribed', async () => {
    const fetchMock = stubFan({ push: true });
    const browser = stubBrowserPush('granted');
    const { user } = await openNotificationsTab();
    const turnOn = await screen.findByRole('button', { name: 'Turn on in this browser' });
    expect(screen.getByText('Push alerts are on, but not in this browser yet.')).toBeTruthy();
    await user.click(turnOn);
    await waitFor(() => expect(callsTo(fetchMock, 'PUT /api/push/subscription')).toHaveLength(1));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Turn on in this browser' })).toBeNull(),
    );
  });

  it('says nothing more when this browser is already subscribed', async () => {
    stubFan({ push: true });
    const browser = stubBrowserPush('granted', true);
    await openNotificationsTab();
    await waitFor(() => expect(browser.serviceWorker.getRegistration).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Turn on in this browser' })).toBeNull();
  });

  // Registering or dropping this browser's subscription never fails silently.
  it.each(REQUEST_FAILURES)('says why push could not be turned on: $name', async (failure) => {
    stubFan({ push: false }, { 'PUT /api/push/subscription': failure.answer });
    stubBrowserPush('granted');
    const { user, push } = await openNotificationsTab();
    await user.click(push);
    await expectFailureShown(failure.message);
    expect(push.checked).toBe(false);
  });

  it.each(REQUEST_FAILURES)('says why push could not be dropped here: $name', async (failure) => {
    stubFan({ push: true }, { 'DELETE /api/push/subscription': failure.answer });
    stubBrowserPush('granted', true);
    const { user, push } = await openNotificationsTab();
    await user.click(push);
    await expectFailureShown(failure.message);
  });
});
