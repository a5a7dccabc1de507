import type { TCalendarFeed } from '@encore/contract';
import { screen, within } from '@testing-library/react';
import { home } from '@/features/fan-shows/testing/fixtures';
import { notificationPage } from '@/features/notifications/testing/fixtures';
import { describeRequestFailures, type PageFormCase } from '@/testing/request-failures';
import { json, sessionUser, stubApi } from '@/testing/stub-api';

const feedOn: TCalendarFeed = {
  url: 'https://encore.example/api/calendar/secret.ics',
  createdAt: '2026-11-01T12:00:00.000Z',
};
const feedOff: TCalendarFeed = { url: null, createdAt: null };

/** The header's and pages' one-click actions and small forms that send a request. */
const FORMS: PageFormCase[] = [
  {
    form: 'Feedback & Support',
    path: '/dashboard',
    request: 'POST /api/feedback',
    act: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Feedback' }));
      await screen.findByRole('dialog', { name: 'Feedback & Support' });
      await user.type(await screen.findByLabelText('Subject'), 'Love it');
      await user.type(screen.getByLabelText('Message'), 'More jazz please');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
    },
  },
  {
    form: 'Log out',
    path: '/dashboard',
    request: 'POST /api/account/logout',
    act: async (user) => user.click(await screen.findByRole('button', { name: 'Log out' })),
  },
  {
    form: 'Dismiss the Finish setting up card',
    path: '/dashboard',
    loads: { 'GET /api/fan/finish-setup': () => json({ visible: true }) },
    request: 'POST /api/fan/finish-setup/dismiss',
    act: async (user) => {
      await screen.findByRole('region', { name: 'Finish setting up' });
      await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    },
  },
  {
    form: 'Mark all as read',
    path: '/notifications',
    request: 'POST /api/notifications/read',
    act: async (user) =>
      user.click(await screen.findByRole('button', { name: 'Mark all as read' })),
  },
  {
    form: 'Create calendar link',
    path: '/shows-attending',
    loads: { 'GET /api/fan/calendar-feed': () => json(feedOff) },
    request: 'POST /api/fan/calendar-feed',
    act: async (user) =>
      user.click(await screen.findByRole('button', { name: 'Create calendar link' })),
  },
  {
    form: 'Replace link',
    path: '/shows-attending',
    request: 'POST /api/fan/calendar-feed',
    act: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Replace link' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Replace your calendar link?' });
      await user.click(within(dialog).getByRole('button', { name: 'Replace link' }));
    },
  },
  {
    form: 'Turn off the calendar link',
    path: '/shows-attending',
    request: 'DELETE /api/fan/calendar-feed',
    act: async (user) => user.click(await screen.findByRole('button', { name: 'Turn off' })),
  },
];

function stubFan(overrides: Record<string, () => Response | Promise<Response>>) {
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ role: 'fan', profileComplete: true }) }),
    'GET /api/fan/home': () => json(home()),
    'GET /api/fan/finish-setup': () => json({ visible: false }),
    'GET /api/feedback/config': () => json({ supportEmail: 'help@encore.example' }),
    'GET /api/notifications': () => json(notificationPage()),
    'GET /api/fan/shows-attending': () => json({ shows: [] }),
    'GET /api/fan/calendar-feed': () => json(feedOn),
    ...overrides,
  });
}

/** None of these fails silently. */
describeRequestFailures('$form', FORMS, stubFan);
